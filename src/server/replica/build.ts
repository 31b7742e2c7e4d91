/**
 * The Base replica: a local chain (chain id 8453) where the contracts Base users meet live at their
 * canonical Base addresses — WETH, Multicall3, USDC, the Uniswap V2 factory and router — with real
 * bytecode from the npm artifacts, and a few tokens with a short history: a clean one, a honeypot,
 * a tax token and a rug. The app runs against it in Base mode exactly as against mainnet.
 *
 * Contracts are placed by "deploy, then transplant": each is deployed normally (so its constructor
 * runs), then its runtime code — with any immutable holding its own address rewritten to the
 * canonical one — and every storage slot the constructor wrote are copied to the canonical address
 * (anvil_setCode / anvil_setStorageAt), and the temporary copy is wiped. Pairs are then created by
 * the factory at its canonical address with the stock pair code, so their CREATE2 addresses come
 * out as on Base.
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
  toHex,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { BASE_MAINNET } from '../chain/base-mainnet';
import { type LocalChainClients, MULTICALL3_ADDRESS } from '../chain/client';
import {
  HoneypotToken,
  Multicall3,
  ScenarioToken,
  Stablecoin,
  TaxToken,
  UniswapV2Factory,
  UniswapV2Pair,
  UniswapV2Router02,
  WETH9,
} from '../localchain/artifacts/generated';
import {
  assertUniswapArtifactsConsistent,
  type ContractArtifact,
  deployContract,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
} from '../localchain/deploy';
import type { Logger } from '../logger';

export const REPLICA_CONTRACTS = {
  weth: BASE_MAINNET.weth,
  usdc: BASE_MAINNET.usdc,
  multicall3: MULTICALL3_ADDRESS.toLowerCase() as Address,
  uniswapV2Factory: BASE_MAINNET.uniswapV2Factory,
  uniswapV2Router: BASE_MAINNET.uniswapV2Router,
};

export type ReplicaTokenKind = 'clean' | 'honeypot' | 'tax' | 'rug';

export type ReplicaManifest = {
  contracts: typeof REPLICA_CONTRACTS;
  /** WETH/USDC pair (as on Base: factory.getPair(WETH, USDC)). */
  wethUsdcPair: Address;
  tokens: Record<ReplicaTokenKind, Address>;
  pairs: Record<ReplicaTokenKind, Address>;
  deployers: Record<ReplicaTokenKind, Address>;
  /** Wallets that bought the tokens (their holders). */
  traders: Address[];
  /** Tax token's rates after the owner raised them (basis points). */
  taxBps: { buy: number; sell: number };
  headBlock: bigint;
};

const SUPPLY = 1_000_000_000n * 10n ** 18n;
/** ETH/USD at which the WETH/USDC pool is seeded. */
const ETH_USD = 3000n;
const GAS = 3_000_000n;

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

  let step = 0;
  /** One transaction a few minutes after the previous one; throws unless it succeeds. */
  const send = async (
    from: Address,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value = 0n,
  ) => {
    await chain.test.increaseTime({ seconds: 240 + ((step++ * 97) % 300) });
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
    const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (r.status !== 'success') throw new Error(`replica: ${functionName} from ${from} reverted (${hash})`);
    return r;
  };
  const router = UniswapV2Router02.abi as Abi;
  const deadline = 2n ** 40n;

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

  const headBlock = await chain.public.getBlockNumber({ cacheTime: 0 });
  const manifest: ReplicaManifest = {
    contracts: c,
    wethUsdcPair,
    tokens: { clean: clean.token, honeypot: honeypot.token, tax: tax.token, rug: rug.token },
    pairs: { clean: clean.pair, honeypot: honeypot.pair, tax: tax.pair, rug: rug.pair },
    deployers: { clean: clean.owner, honeypot: honeypot.owner, tax: tax.owner, rug: rug.owner },
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
