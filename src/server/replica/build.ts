/**
 * The Base replica: a local chain (chain id 8453) where the contracts Base users meet live at their
 * canonical Base addresses — WETH, Multicall3, USDC, the Uniswap V2 factory and router, the Uniswap
 * V3 factory, NonfungiblePositionManager, QuoterV2 and SwapRouter02 — with real bytecode from the
 * npm artifacts, and a few tokens with a short history: on V2 a clean one, a honeypot, a tax token
 * and a rug; on V3 only a clean one and a honeypot; on Aerodrome only (replica/aerodrome.ts, at
 * Aerodrome's Base addresses) a clean one and a honeypot; on Uniswap V4 only (replica/uniswap-v4.ts,
 * at V4's Base addresses) a clean one and one behind a NoOp hook. The app runs against it in Base mode
 * exactly as against mainnet.
 *
 * Contracts are placed by "deploy, then transplant": each is deployed normally (so its constructor
 * runs), then its runtime code — with any immutable holding its own address rewritten to the
 * canonical one — and every storage slot the constructor wrote are copied to the canonical address
 * (anvil_setCode / anvil_setStorageAt), and the temporary copy is wiped. Pairs are then created by
 * the factory at its canonical address with the stock pair code, so their CREATE2 addresses come
 * out as on Base. The V3 periphery is deployed with the canonical factory and WETH as constructor
 * arguments, so its immutables already name Base's addresses; the V3 factory's one self-referencing
 * immutable (NoDelegateCall's `original`) is rewritten like any other, and V3 pools are created by
 * the canonical factory, so they land where Base's PoolAddress.computeAddress says.
 */
import { gunzipSync } from 'node:zlib';
import {
  type Abi,
  type Address,
  encodePacked,
  erc20Abi,
  getCreate2Address,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { BASE_MAINNET } from '../chain/base-mainnet';
import { type LocalChainClients, MULTICALL3_ADDRESS } from '../chain/client';
import {
  HoneypotToken,
  Multicall3,
  NonfungiblePositionManager,
  QuoterV2,
  ScenarioToken,
  Stablecoin,
  SwapRouter02,
  TaxToken,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
  UniswapV3Factory,
  WETH9,
} from '../localchain/artifacts/generated';
import {
  assertUniswapArtifactsConsistent,
  type ContractArtifact,
  deployContract,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
} from '../localchain/deploy';
import type { Logger } from '../logger';
import {
  rangeAround,
  sortTokens as sortV3,
  sqrtPriceX96FromRaw,
  tickFromRaw,
  v3PoolAddress,
} from '../venues/uniswap-v3-math';
import {
  aerodromeBuy,
  openAerodromeClassic,
  openSlipstreamFullRange,
  placeAerodrome,
  REPLICA_AERO_ETH,
  REPLICA_AERODROME,
} from './aerodrome';
import { launchV4Token, placeUniswapV4 } from './uniswap-v4';

export const REPLICA_CONTRACTS = {
  weth: BASE_MAINNET.weth,
  usdc: BASE_MAINNET.usdc,
  multicall3: MULTICALL3_ADDRESS.toLowerCase() as Address,
  uniswapV2Factory: BASE_MAINNET.uniswapV2Factory,
  uniswapV2Router: BASE_MAINNET.uniswapV2Router,
  uniswapV3: {
    factory: BASE_MAINNET.uniswapV3.factory,
    positionManager: BASE_MAINNET.uniswapV3.positionManager,
    swapRouter02: BASE_MAINNET.uniswapV3.swapRouter02,
    quoterV2: BASE_MAINNET.uniswapV3.quoterV2,
  },
};

export type ReplicaTokenKind =
  | 'clean'
  | 'honeypot'
  | 'tax'
  | 'rug'
  | 'v3Clean'
  | 'v3Honeypot'
  | 'aeroClean'
  | 'aeroHoneypot'
  | 'v4Clean'
  | 'v4NoOp';
/** Fee tier of each V3-only token's one pool. */
export const REPLICA_V3_FEES = { v3Clean: 3000, v3Honeypot: 10000 } as const;

export type ReplicaManifest = {
  contracts: typeof REPLICA_CONTRACTS;
  /** WETH/USDC pair (as on Base: factory.getPair(WETH, USDC)). */
  wethUsdcPair: Address;
  tokens: Record<ReplicaTokenKind, Address>;
  pairs: Record<ReplicaTokenKind, Address>;
  deployers: Record<ReplicaTokenKind, Address>;
  /** Wallets that bought the tokens (their holders). */
  traders: Address[];
  /** V3 tokens: their pool's fee tier (V2 tokens: absent). */
  fees: Partial<Record<ReplicaTokenKind, number>>;
  /** Tax token's rates after the owner raised them (basis points). */
  taxBps: { buy: number; sell: number };
  headBlock: bigint;
};

const SUPPLY = 1_000_000_000n * 10n ** 18n;
/** ETH/USD at which the WETH/USDC pool is seeded. */
const ETH_USD = 3000n;
const GAS = 6_000_000n;
/** Where a burned V3 position NFT goes (as launchpads do on Base). */
const V3_BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD' as Address;

/** A deterministic EOA per label; nobody needs its key (anvil impersonates every sender). */
export const replicaWallet = (label: string): Address =>
  privateKeyToAddress(keccak256(toHex(`flab-replica:${label}`))).toLowerCase() as Address;

type AnvilAccount = { code?: string; storage?: Record<string, string> };

/** Storage of `addresses` from anvil's state dump (what their constructors wrote). */
async function readStorage(
  chain: LocalChainClients,
  addresses: Address[],
): Promise<Map<string, Record<string, string>>> {
  const hexDump = (await chain.public.request({ method: 'anvil_dumpState' } as never)) as string;
  const state = JSON.parse(gunzipSync(Buffer.from(hexDump.slice(2), 'hex')).toString('utf8')) as {
    accounts: Record<string, AnvilAccount>;
  };
  const byLower = new Map(Object.entries(state.accounts).map(([a, v]) => [a.toLowerCase(), v]));
  return new Map(addresses.map((a) => [a.toLowerCase(), byLower.get(a.toLowerCase())?.storage ?? {}]));
}

/** Deploys `artifact` anywhere, then moves code and storage to `target` (see the module comment). */
async function placeAt<const TAbi extends Abi>(
  chain: LocalChainClients,
  artifact: ContractArtifact<TAbi>,
  args: Parameters<typeof deployContract<TAbi>>[2],
  target: Address,
  deployer: Address,
): Promise<void> {
  const temp = await deployContract(chain, artifact, args, deployer);
  const code = (await chain.public.getCode({ address: temp })) as Hex;
  // Immutables holding address(this) (e.g. NoDelegateCall's `original`) must name the new home.
  const moved = code
    .toLowerCase()
    .replaceAll(temp.slice(2).toLowerCase(), target.slice(2).toLowerCase()) as Hex;
  await chain.test.setCode({ address: target, bytecode: moved });
  const storage = (await readStorage(chain, [temp])).get(temp.toLowerCase()) ?? {};
  for (const [slot, value] of Object.entries(storage)) {
    await chain.test.setStorageAt({ address: target, index: slot as Hex, value: value as Hex });
    await chain.test.setStorageAt({ address: temp, index: slot as Hex, value: toHex(0n, { size: 32 }) });
  }
  await chain.test.setCode({ address: temp, bytecode: '0x' });
}

const sortTokens = (a: Address, b: Address): [Address, Address] =>
  a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];

/** Pair address by CREATE2 from the canonical factory, as UniswapV2Library.pairFor computes it. */
export function replicaPairFor(a: Address, b: Address): Address {
  const [t0, t1] = sortTokens(a, b);
  return getCreate2Address({
    from: REPLICA_CONTRACTS.uniswapV2Factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  }).toLowerCase() as Address;
}

/**
 * The receipt, polled directly: viem's waitForTransactionReceipt waits for a *new* block once its
 * first look misses, and after the build no further block may come (automine, nothing else sends).
 */
async function receiptOf(chain: LocalChainClients, hash: Hex): Promise<TransactionReceipt> {
  for (let i = 0; i < 1_500; i++) {
    const r = await chain.public.getTransactionReceipt({ hash }).catch(() => null);
    if (r) return r;
    await new Promise((x) => setTimeout(x, 20));
  }
  throw new Error(`replica: no receipt for ${hash} after 30 s`);
}

type Send = (
  from: Address,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) => Promise<unknown>;

/**
 * Sends a transaction and throws unless it succeeds. `spaced`: each one a few minutes after the
 * previous (while building the history); otherwise at the chain's own pace.
 */
function createSender(chain: LocalChainClients, o: { spaced: boolean }): Send {
  let step = 0;
  return async (from, to, abi, functionName, args, value = 0n) => {
    if (o.spaced) await chain.test.increaseTime({ seconds: 240 + ((step++ * 97) % 300) });
    const bal = await chain.public.getBalance({ address: from });
    if (bal < value + parseEther('1'))
      await chain.test.setBalance({ address: from, value: value + parseEther('5') });
    const hash = await chain.wallet.writeContract({
      account: from,
      chain: chain.chain,
      address: to,
      abi,
      functionName,
      args,
      value,
      gas: GAS,
    } as never);
    const r = await receiptOf(chain, hash);
    if (r.status !== 'success') throw new Error(`replica: ${functionName} from ${from} reverted (${hash})`);
    return r;
  };
}

const V3 = REPLICA_CONTRACTS.uniswapV3;

/**
 * A new token/WETH V3 pool at `wethPerToken` (raw units) through the position manager, and a
 * position of `ethAmount` and `tokenAmount` over ×/÷50 around the price, minted to `owner`.
 * Throws unless the canonical factory put the pool where Base's PoolAddress computes it (the
 * init-code hash check).
 */
async function openV3Pool(
  chain: LocalChainClients,
  send: Send,
  o: { owner: Address; token: Address; fee: number; ethAmount: bigint; tokenAmount: bigint },
): Promise<Address> {
  const weth = REPLICA_CONTRACTS.weth;
  const npm = NonfungiblePositionManager.abi as Abi;
  const pool = v3PoolAddress(V3.factory, o.token, weth, o.fee);
  const [t0, t1] = sortV3(o.token, weth);
  const tokenIs0 = t0 === o.token.toLowerCase();
  const wethPerToken = Number(o.ethAmount) / Number(o.tokenAmount);
  const raw = tokenIs0 ? wethPerToken : 1 / wethPerToken;
  const [tickLower, tickUpper] = rangeAround(tickFromRaw(raw), o.fee, 50);
  await send(o.owner, weth, WETH9.abi as Abi, 'deposit', [], o.ethAmount);
  await send(o.owner, weth, erc20Abi as Abi, 'approve', [V3.positionManager, maxUint256]);
  await send(o.owner, o.token, erc20Abi as Abi, 'approve', [V3.positionManager, maxUint256]);
  await send(o.owner, V3.positionManager, npm, 'createAndInitializePoolIfNecessary', [
    t0,
    t1,
    o.fee,
    sqrtPriceX96FromRaw(raw),
  ]);
  const created = (await chain.public.readContract({
    address: V3.factory,
    abi: UniswapV3Factory.abi,
    functionName: 'getPool',
    args: [t0, t1, o.fee],
  })) as Address;
  if (created.toLowerCase() !== pool)
    throw new Error(`replica: V3 pool at ${created}, but Base's PoolAddress computes ${pool}`);
  await send(o.owner, V3.positionManager, npm, 'mint', [
    {
      token0: t0,
      token1: t1,
      fee: o.fee,
      tickLower,
      tickUpper,
      amount0Desired: tokenIs0 ? o.tokenAmount : o.ethAmount,
      amount1Desired: tokenIs0 ? o.ethAmount : o.tokenAmount,
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: o.owner,
      deadline: 2n ** 40n,
    },
  ]);
  return pool;
}

/** Buys `eth` worth of `token` through SwapRouter02 from `who` (ETH wrapped by the router). */
function v3Swap(
  send: Send,
  o: { who: Address; tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint; value: bigint },
) {
  return send(
    o.who,
    V3.swapRouter02,
    SwapRouter02.abi as Abi,
    'exactInputSingle',
    [
      {
        tokenIn: o.tokenIn,
        tokenOut: o.tokenOut,
        fee: o.fee,
        recipient: o.who,
        amountIn: o.amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
    o.value,
  );
}

/**
 * After the replica is built (and the app may have analysed the token): the `kind` token's deployer
 * opens a new V3 pool (fee tier `fee`) next to its existing ones, and a trader buys through it.
 * Returns the pool. Used to check that the app follows pools created after a token's first report.
 */
export async function addV3PoolLater(
  chain: LocalChainClients,
  m: ReplicaManifest,
  kind: ReplicaTokenKind,
  fee: number,
): Promise<Address> {
  const send = createSender(chain, { spaced: false });
  const owner = m.deployers[kind];
  const token = m.tokens[kind];
  const bal = await chain.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
  const pool = await openV3Pool(chain, send, {
    owner,
    token,
    fee,
    ethAmount: parseEther('1'),
    tokenAmount: bal / 4n,
  });
  const trader = m.traders[0] as Address;
  const eth = parseEther('0.05');
  await v3Swap(send, {
    who: trader,
    tokenIn: REPLICA_CONTRACTS.weth,
    tokenOut: token,
    fee,
    amountIn: eth,
    value: eth,
  });
  return pool;
}

export async function buildReplica(
  chain: LocalChainClients,
  opts: { log: Logger },
): Promise<ReplicaManifest> {
  const { log } = opts;
  const started = Date.now();
  assertUniswapArtifactsConsistent();
  const c = REPLICA_CONTRACTS;
  const infra = replicaWallet('infra');

  // Some depth before anything exists, like a chain that has been running for a while.
  await chain.test.mine({ blocks: 500, interval: 2 });

  await chain.test.setCode({ address: c.multicall3, bytecode: Multicall3.deployedBytecode as Hex });
  await placeAt(chain, WETH9, [], c.weth, infra);
  await placeAt(chain, UniswapV2Factory, [infra], c.uniswapV2Factory, infra);
  await placeAt(chain, UniswapV2Router02, [c.uniswapV2Factory, c.weth], c.uniswapV2Router, infra);
  await placeAt(chain, Stablecoin, ['USD Coin', 'USDC', 6, infra], c.usdc, infra);
  const v3 = c.uniswapV3;
  const zero = '0x0000000000000000000000000000000000000000' as Address;
  await placeAt(chain, UniswapV3Factory, [], v3.factory, infra);
  await placeAt(chain, NonfungiblePositionManager, [v3.factory, c.weth, zero], v3.positionManager, infra);
  await placeAt(chain, QuoterV2, [v3.factory, c.weth], v3.quoterV2, infra);
  await placeAt(
    chain,
    SwapRouter02,
    [c.uniswapV2Factory, v3.factory, v3.positionManager, c.weth],
    v3.swapRouter02,
    infra,
  );

  const send = createSender(chain, { spaced: true });
  const router = UniswapV2Router02.abi as Abi;
  const deadline = 2n ** 40n;

  // Aerodrome at its Base addresses (classic and every Slipstream factory).
  await placeAerodrome(chain, {
    placeAt: (artifact, args, target) => placeAt(chain, artifact, args as never, target, infra),
    send,
    infra,
    weth: c.weth,
  });

  // Uniswap V4 at its Base addresses (its Universal Router routes V2 and V3 too, as Base's does).
  const v4 = await placeUniswapV4(chain, {
    placeAt: (artifact, args, target) => placeAt(chain, artifact, args as never, target, infra),
    infra,
    weth: c.weth,
    v2Factory: c.uniswapV2Factory,
    v3Factory: v3.factory,
    v3PositionManager: v3.positionManager,
  });

  // Base enabled the 1-bp tier (tick spacing 1), as mainnet did; the factory's owner can.
  await send(infra, v3.factory, UniswapV3Factory.abi as Abi, 'enableFeeAmount', [100, 1]);

  // WETH/USDC at ETH_USD, as the USD price path expects.
  const usdLp = replicaWallet('usdc-lp');
  const usdcAmount = 300n * ETH_USD * 10n ** 6n;
  await send(infra, c.usdc, Stablecoin.abi as Abi, 'mint', [usdLp, usdcAmount]);
  await send(usdLp, c.usdc, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await send(
    usdLp,
    c.uniswapV2Router,
    router,
    'addLiquidityETH',
    [c.usdc, usdcAmount, 0n, 0n, usdLp, deadline],
    parseEther('300'),
  );
  const wethUsdcPair = replicaPairFor(c.weth, c.usdc);

  const traders = Array.from({ length: 12 }, (_, i) => replicaWallet(`trader-${i}`));
  const buy = (who: Address, token: Address, eth: bigint) =>
    send(
      who,
      c.uniswapV2Router,
      router,
      'swapExactETHForTokensSupportingFeeOnTransferTokens',
      [0n, [c.weth, token], who, deadline],
      eth,
    );
  const sellPart = async (who: Address, token: Address, share: bigint) => {
    const bal = await chain.public.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [who],
    });
    await send(who, token, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
    await send(who, c.uniswapV2Router, router, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
      (bal * share) / 100n,
      0n,
      [token, c.weth],
      who,
      deadline,
    ]);
  };
  const gap = (blocks: number) => chain.test.mine({ blocks, interval: 2 });

  /** Deploy, optional pre-pool setup, pool with `poolEth`, then buys (and some sells). */
  const launch = async (
    kind: ReplicaTokenKind,
    deploy: (owner: Address) => Promise<Address>,
    o: {
      poolEth: bigint;
      beforePool?: (token: Address, owner: Address, pair: Address) => Promise<void>;
      sells: boolean;
    },
  ) => {
    const owner = replicaWallet(`deployer-${kind}`);
    await chain.test.setBalance({ address: owner, value: parseEther('100') });
    const token = (await deploy(owner)).toLowerCase() as Address;
    const pair = replicaPairFor(token, c.weth);
    await o.beforePool?.(token, owner, pair);
    await send(owner, token, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
    await send(
      owner,
      c.uniswapV2Router,
      router,
      'addLiquidityETH',
      [token, (SUPPLY * 80n) / 100n, 0n, 0n, owner, deadline],
      o.poolEth,
    );
    for (const [i, t] of traders.entries()) {
      await buy(t, token, parseEther(String(0.05 + (i % 4) * 0.05)));
      if (i % 4 === 3) await gap(20);
    }
    if (o.sells) for (const t of traders.slice(0, 4)) await sellPart(t, token, 50n);
    await gap(100);
    return { token, pair, owner };
  };

  const clean = await launch(
    'clean',
    (owner) => deployContract(chain, ScenarioToken, ['Harbor Token', 'HRBR', 18, SUPPLY, owner], owner),
    {
      poolEth: parseEther('20'),
      sells: true,
    },
  );
  const honeypot = await launch(
    'honeypot',
    (owner) => deployContract(chain, HoneypotToken, ['Sweet Jar', 'SJAR', SUPPLY, owner], owner),
    {
      poolEth: parseEther('10'),
      beforePool: async (token, owner, pair) => {
        await send(owner, token, HoneypotToken.abi as Abi, 'setPair', [pair, true]);
      },
      sells: false,
    },
  );
  const taxBps = { buy: 500, sell: 2500 };
  const tax = await launch(
    'tax',
    (owner) => deployContract(chain, TaxToken, ['Toll Road', 'TOLL', SUPPLY, owner, 300, 500], owner),
    {
      poolEth: parseEther('10'),
      beforePool: async (token, owner, pair) => {
        await send(owner, token, TaxToken.abi as Abi, 'setPair', [pair, true]);
      },
      sells: true,
    },
  );
  await send(tax.owner, tax.token, TaxToken.abi as Abi, 'setTaxes', [taxBps.buy, taxBps.sell]);
  const rug = await launch(
    'rug',
    (owner) => deployContract(chain, ScenarioToken, ['Exit Liquidity', 'EXIT', 18, SUPPLY, owner], owner),
    {
      poolEth: parseEther('15'),
      sells: true,
    },
  );
  // The rug: the deployer pulls all its liquidity.
  const lp = (await chain.public.readContract({
    address: rug.pair,
    abi: UniswapV2Pair.abi as Abi,
    functionName: 'balanceOf',
    args: [rug.owner],
  })) as bigint;
  await send(rug.owner, rug.pair, UniswapV2Pair.abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await send(rug.owner, c.uniswapV2Router, router, 'removeLiquidityETHSupportingFeeOnTransferTokens', [
    rug.token,
    lp,
    0n,
    0n,
    rug.owner,
    deadline,
  ]);
  await gap(50);

  // V3-only tokens: a pool created through the position manager, a wide position, then buys (and
  // some sells) through SwapRouter02 — the path a Base user's wallet takes.
  const npm = NonfungiblePositionManager.abi as Abi;
  const launchV3 = async (
    kind: keyof typeof REPLICA_V3_FEES,
    deploy: (owner: Address) => Promise<Address>,
    o: {
      poolEth: bigint;
      beforePool?: (token: Address, owner: Address, pool: Address) => Promise<void>;
      sells: boolean;
      /** Send the position NFT to 0x…dEaD afterwards (liquidity burned for good). */
      burnPosition: boolean;
    },
  ) => {
    const fee = REPLICA_V3_FEES[kind];
    const owner = replicaWallet(`deployer-${kind}`);
    await chain.test.setBalance({ address: owner, value: parseEther('100') });
    const token = (await deploy(owner)).toLowerCase() as Address;
    await o.beforePool?.(token, owner, v3PoolAddress(v3.factory, token, c.weth, fee));
    const pool = await openV3Pool(chain, send, {
      owner,
      token,
      fee,
      ethAmount: o.poolEth,
      tokenAmount: (SUPPLY * 80n) / 100n,
    });
    if (o.burnPosition) {
      const id = (await chain.public.readContract({
        address: v3.positionManager,
        abi: npm,
        functionName: 'tokenOfOwnerByIndex',
        args: [owner, 0n],
      })) as bigint;
      await send(owner, v3.positionManager, npm, 'transferFrom', [owner, V3_BURN_ADDRESS, id]);
    }
    const swap = (who: Address, tokenIn: Address, tokenOut: Address, amountIn: bigint, value: bigint) =>
      v3Swap(send, { who, tokenIn, tokenOut, fee, amountIn, value });
    for (const [i, t] of traders.entries()) {
      const eth = parseEther(String(0.05 + (i % 4) * 0.05));
      await swap(t, c.weth, token, eth, eth);
      if (i % 4 === 3) await gap(20);
    }
    if (o.sells) {
      for (const t of traders.slice(0, 4)) {
        const bal = await chain.public.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [t],
        });
        await send(t, token, erc20Abi as Abi, 'approve', [v3.swapRouter02, maxUint256]);
        await swap(t, token, c.weth, bal / 2n, 0n);
      }
    }
    await gap(100);
    return { token, pair: pool, owner };
  };
  const v3Clean = await launchV3(
    'v3Clean',
    (owner) => deployContract(chain, ScenarioToken, ['Tidal Coin', 'TIDE', 18, SUPPLY, owner], owner),
    { poolEth: parseEther('20'), sells: true, burnPosition: true },
  );
  const v3Honeypot = await launchV3(
    'v3Honeypot',
    (owner) => deployContract(chain, HoneypotToken, ['Nectar Trap', 'NCTR', SUPPLY, owner], owner),
    {
      poolEth: parseEther('10'),
      beforePool: async (token, owner, pool) => {
        await send(owner, token, HoneypotToken.abi as Abi, 'setPair', [pool, true]);
      },
      sells: false,
      burnPosition: false,
    },
  );

  // Aerodrome-only tokens: a clean one on a classic volatile pool, a honeypot on Slipstream (the
  // newest factory), each bought by the traders through Aerodrome's own routers.
  const launchAero = async (
    kind: 'aeroClean' | 'aeroHoneypot',
    deploy: (owner: Address) => Promise<Address>,
  ) => {
    const owner = replicaWallet(`deployer-${kind}`);
    await chain.test.setBalance({ address: owner, value: parseEther('100') });
    const token = (await deploy(owner)).toLowerCase() as Address;
    const ethAmount = kind === 'aeroClean' ? REPLICA_AERO_ETH.clean : REPLICA_AERO_ETH.honeypot;
    const slipstream = kind === 'aeroHoneypot' ? REPLICA_AERODROME.slipstream.length - 1 : undefined;
    let pool: Address;
    if (slipstream === undefined) {
      await openAerodromeClassic(send, { owner, token, tokenAmount: (SUPPLY * 80n) / 100n, ethAmount });
      pool = (await chain.public.readContract({
        address: REPLICA_AERODROME.poolFactory,
        abi: [
          {
            type: 'function',
            name: 'getPool',
            inputs: [{ type: 'address' }, { type: 'address' }, { type: 'bool' }],
            outputs: [{ type: 'address' }],
            stateMutability: 'view',
          },
        ],
        functionName: 'getPool',
        args: [token, c.weth, false],
      })) as Address;
    } else {
      await openSlipstreamFullRange(send, {
        i: slipstream,
        owner,
        token,
        tokenAmount: (SUPPLY * 80n) / 100n,
        ethAmount,
        weth: c.weth,
      });
      pool = (await chain.public.readContract({
        address: REPLICA_AERODROME.slipstream[slipstream]?.factory as Address,
        abi: [
          {
            type: 'function',
            name: 'getPool',
            inputs: [{ type: 'address' }, { type: 'address' }, { type: 'int24' }],
            outputs: [{ type: 'address' }],
            stateMutability: 'view',
          },
        ],
        functionName: 'getPool',
        args: [token, c.weth, 100],
      })) as Address;
      // The owner is whitelisted, so its own liquidity went in; from now on sells into the pool revert.
      await send(owner, token, HoneypotToken.abi as Abi, 'setPair', [pool, true]);
    }
    for (const [i, t] of traders.entries()) {
      await aerodromeBuy(send, {
        who: t,
        token,
        eth: parseEther(String(0.05 + (i % 4) * 0.05)),
        weth: c.weth,
        slipstream,
      });
      if (i % 4 === 3) await gap(20);
    }
    await gap(100);
    return { token, pair: pool.toLowerCase() as Address, owner };
  };
  const aeroClean = await launchAero('aeroClean', (owner) =>
    deployContract(chain, ScenarioToken, ['Runway Token', 'RNWY', 18, SUPPLY, owner], owner),
  );
  const aeroHoneypot = await launchAero('aeroHoneypot', (owner) =>
    deployContract(chain, HoneypotToken, ['Glide Trap', 'GLDT', SUPPLY, owner], owner),
  );

  // V4-only tokens against native ETH: one without a hook, one behind the NoOp hook.
  const launchV4 = async (kind: 'v4Clean' | 'v4NoOp', name: string, symbol: string) => {
    const owner = replicaWallet(`deployer-${kind}`);
    await chain.test.setBalance({ address: owner, value: parseEther('100') });
    const token = (
      await deployContract(chain, ScenarioToken, [name, symbol, 18, SUPPLY, owner], owner)
    ).toLowerCase() as Address;
    const { pool } = await launchV4Token(chain, v4, {
      owner,
      token,
      hook: kind === 'v4NoOp' ? 'noOp' : null,
      infra,
      traders: traders.slice(0, 6),
    });
    await gap(100);
    return { token, pair: pool, owner };
  };
  const v4Clean = await launchV4('v4Clean', 'Harbor Token', 'HRBR');
  const v4NoOp = await launchV4('v4NoOp', 'Tide Trap', 'TIDE');

  const headBlock = await chain.public.getBlockNumber({ cacheTime: 0 });
  const manifest: ReplicaManifest = {
    contracts: c,
    wethUsdcPair,
    tokens: {
      clean: clean.token,
      honeypot: honeypot.token,
      tax: tax.token,
      rug: rug.token,
      v3Clean: v3Clean.token,
      v3Honeypot: v3Honeypot.token,
      aeroClean: aeroClean.token,
      aeroHoneypot: aeroHoneypot.token,
      v4Clean: v4Clean.token,
      v4NoOp: v4NoOp.token,
    },
    pairs: {
      clean: clean.pair,
      honeypot: honeypot.pair,
      tax: tax.pair,
      rug: rug.pair,
      v3Clean: v3Clean.pair,
      v3Honeypot: v3Honeypot.pair,
      aeroClean: aeroClean.pair,
      aeroHoneypot: aeroHoneypot.pair,
      v4Clean: v4Clean.pair,
      v4NoOp: v4NoOp.pair,
    },
    deployers: {
      clean: clean.owner,
      honeypot: honeypot.owner,
      tax: tax.owner,
      rug: rug.owner,
      v3Clean: v3Clean.owner,
      v3Honeypot: v3Honeypot.owner,
      aeroClean: aeroClean.owner,
      aeroHoneypot: aeroHoneypot.owner,
      v4Clean: v4Clean.owner,
      v4NoOp: v4NoOp.owner,
    },
    fees: { ...REPLICA_V3_FEES },
    traders,
    taxBps,
    headBlock,
  };
  log.info({
    msg: 'Base replica built',
    head_block: headBlock.toString(),
    duration_ms: Date.now() - started,
  });
  return manifest;
}
