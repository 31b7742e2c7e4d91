/**
 * Who can pull the liquidity (issue 35), the adversarial cases: one token per case, each with its pool
 * and real buyers, on a fresh anvil —
 *   timeLock      V2 LP in our LpLocker until a date (no early path)
 *   fakeLock      V2 LP in FakeLpLocker: unlockTime and a Locked event, but `migrate(address)` lets
 *                 its owner take it all out now
 *   burnVault     V2 LP "burned" to LpBurnVault, an ordinary contract whose owner can `recover` it
 *   oneLpBurned   1 LP token of 1.1 M sent to 0x…dEaD, the rest with the deployer
 *   dispersed     V2 LP from 10 independent providers funded by a faucet (not the deployer), each
 *                 buying the token and adding LP; the deployer later takes 90% of its own LP back
 *   permanent     a V3 position NFT in PermanentPositionLocker (no withdraw path; fees only)
 *   hookOwned     a V4 pool whose launch position is owned in the PoolManager by OwnedLiquidityHook
 * A Slipstream position staked in a CL gauge (withdrawable by its staker) is the scenario's SLIPT,
 * with the real Aerodrome CLGauge; its ledger (staked, by its staker) is asserted in aerodrome-scenario.
 *
 * First the ground truth: each holder's own calls, simulated as its owner and a stranger, now and
 * after the unlock date, do what the case claims (so the cases are what they say). Then what the
 * report's liquidity ledger (src/server/facts/liquidity, judged in analysis/liquidity-ledger.ts)
 * reads of each, from an engine that indexed this chain.
 */
import pino from 'pino';
import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeLedger } from '../../src/server/analysis/liquidity-ledger';
import { createLocalChainClients, type LocalChainClients } from '../../src/server/chain/client';
import type { NetworkDescription } from '../../src/server/chain/network';
import { openDatabase } from '../../src/server/db/client';
import { createTokenEngine, type TokenEngine } from '../../src/server/engine/token-engine';
import type { PoolFacts } from '../../src/server/facts/types';
import { createIndexer } from '../../src/server/indexer/indexer';
import { type AnvilProcess, startAnvil } from '../../src/server/localchain/anvil';
import {
  FakeLpLocker,
  LpBurnVault,
  LpLocker,
  NonfungiblePositionManager,
  OwnedLiquidityHook,
  PermanentPositionLocker,
  ScenarioToken,
  StateView,
} from '../../src/server/localchain/artifacts/generated';
import { type CoreAddresses, deployContract, deployCore } from '../../src/server/localchain/deploy';
import { deployHook, deployUniswapV4, type UniswapV4Addresses } from '../../src/server/localchain/uniswap-v4';
import { poolIdOf } from '../../src/server/venues/uniswap-v4-pool-key';
import type { LiquidityHolderKind, LiquiditySide } from '../../src/shared/liquidity-ledger';

const log = pino({ level: 'silent' });
const DEAD: Address = '0x000000000000000000000000000000000000dead';
const DEADLINE = 2n ** 48n;
const DAY = 86_400;
const Q96 = 2n ** 96n;
const V3_RANGE = [-887220, 887220] as const;
const V4_RANGE = [-887200, 887200] as const;
/** sqrt(10 000 tokens per ETH) in Q96: the V4 launch price (currency0 native ETH, currency1 the token). */
const SQRT_PRICE_10000 = Q96 * 100n;

const routerAbi = parseAbi([
  'function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)',
  'function swapExactETHForTokens(uint256,address[],address,uint256) payable returns (uint256[])',
]);
const removeAbi = parseAbi([
  'function removeLiquidityETH(address,uint256,uint256,uint256,address,uint256) returns (uint256,uint256)',
]);
const factoryAbi = parseAbi(['function getPair(address,address) view returns (address)']);
const wethAbi = parseAbi(['function deposit() payable']);

/** Realistic (hash-derived) addresses. */
const wallet = (label: string) => keccak256(toHex(`liquidity-locks ${label}`)).slice(0, 42) as Address;

type CaseName =
  | 'timeLock'
  | 'fakeLock'
  | 'burnVault'
  | 'oneLpBurned'
  | 'dispersed'
  | 'permanent'
  | 'hookOwned';

/** What the ledger must say of each case's launch position(s) once LEDGER lands. */
type ExpectedLedger = {
  kind: LiquidityHolderKind;
  side: LiquiditySide;
  /** The evidence line must name this call (withdrawable cases). */
  call?: string;
  /** The creator's side can pull about this share of active liquidity now (0..1). */
  creatorPullable: number;
};

const EXPECTED_LEDGER: Record<CaseName, ExpectedLedger> = {
  timeLock: { kind: 'locked_until', side: 'none', creatorPullable: 0 },
  fakeLock: { kind: 'withdrawable', side: 'creator', call: 'migrate(address)', creatorPullable: 1 },
  burnVault: { kind: 'withdrawable', side: 'creator', call: 'recover(address,uint256)', creatorPullable: 1 },
  // 1 LP of 1.1 M is burned: the creator can still pull ~100%.
  oneLpBurned: { kind: 'withdrawable', side: 'creator', creatorPullable: 0.99999 },
  // Independent providers' own positions; the deployer's small share (< 10%) stays pullable by it.
  dispersed: { kind: 'withdrawable', side: 'independent', creatorPullable: 0.1 },
  permanent: { kind: 'locked_forever', side: 'none', creatorPullable: 0 },
  hookOwned: { kind: 'locked_forever', side: 'none', creatorPullable: 0 },
};

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;
let v4: UniswapV4Addresses;
const cases = {} as Record<
  CaseName,
  { token: Address; deployer: Address; pool: Address; holder: Address; unlockTime?: number }
>;
let v3TokenId = 0n;
let hookPoolId: Hex = '0x';
const providers: Address[] = [];

async function send(from: Address, to: Address, abi: Abi, functionName: string, args: unknown[], value = 0n) {
  const hash = await chain.wallet.sendTransaction({
    account: from,
    chain: chain.chain,
    to,
    data: encodeFunctionData({ abi, functionName, args } as never),
    value,
    gas: 8_000_000n,
  });
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`${functionName} from ${from} reverted`);
  return r;
}

/** eth_call as `from`: true when the call would succeed now. */
async function succeeds(from: Address, to: Address, abi: Abi, functionName: string, args: unknown[]) {
  try {
    await chain.public.call({
      account: from,
      to,
      data: encodeFunctionData({ abi, functionName, args } as never),
    });
    return true;
  } catch {
    return false;
  }
}

/** Runs `fn` on a snapshot of the chain and reverts it after, so every check starts from today's state. */
async function onSnapshot<T>(fn: () => Promise<T>): Promise<T> {
  const id = await chain.test.snapshot();
  try {
    return await fn();
  } finally {
    await chain.test.revert({ id });
  }
}

const now = async () => Number((await chain.public.getBlock()).timestamp);
const balance = (token: Address, who: Address) =>
  chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

async function newToken(symbol: string, deployer: Address, supply = 1_000_000_000n): Promise<Address> {
  await chain.test.setBalance({ address: deployer, value: parseEther('1000') });
  const token = await deployContract(
    chain,
    ScenarioToken,
    [symbol, symbol, 18, parseEther(supply.toString()), deployer],
    deployer,
  );
  return token.toLowerCase() as Address;
}

/** A V2 ETH pool with `tokens` and `eth` from `deployer`, and three buyers. Returns the pair. */
async function v2Launch(token: Address, deployer: Address, tokens: bigint, eth: bigint): Promise<Address> {
  await send(deployer, token, erc20Abi, 'approve', [core.router, 2n ** 255n]);
  await send(
    deployer,
    core.router,
    routerAbi,
    'addLiquidityETH',
    [token, tokens, 0n, 0n, deployer, DEADLINE],
    eth,
  );
  const pair = (await chain.public.readContract({
    address: core.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [token, core.weth],
  })) as Address;
  for (let i = 0; i < 3; i++) {
    const buyer = wallet(`${token} buyer ${i}`);
    await chain.test.setBalance({ address: buyer, value: parseEther('2') });
    await send(
      buyer,
      core.router,
      routerAbi,
      'swapExactETHForTokens',
      [0n, [core.weth, token], buyer, DEADLINE],
      parseEther('0.1'),
    );
  }
  return pair.toLowerCase() as Address;
}

async function setUpV2Cases(): Promise<void> {
  const t0 = await now();
  {
    const deployer = wallet('timeLock deployer');
    const token = await newToken('TLOCK', deployer);
    const pool = await v2Launch(token, deployer, parseEther('500000000'), parseEther('10'));
    const lp = await balance(pool, deployer);
    const unlockTime = t0 + 30 * DAY;
    await send(deployer, pool, erc20Abi, 'approve', [core.locker, lp]);
    await send(deployer, core.locker, LpLocker.abi, 'lock', [pool, lp, BigInt(unlockTime)]);
    cases.timeLock = { token, deployer, pool, holder: core.locker, unlockTime };
  }
  {
    const deployer = wallet('fakeLock deployer');
    const token = await newToken('FLOCK', deployer);
    const pool = await v2Launch(token, deployer, parseEther('500000000'), parseEther('10'));
    const locker = (await deployContract(chain, FakeLpLocker, [], deployer)).toLowerCase() as Address;
    const lp = await balance(pool, deployer);
    const unlockTime = t0 + 365 * DAY;
    await send(deployer, pool, erc20Abi, 'approve', [locker, lp]);
    await send(deployer, locker, FakeLpLocker.abi, 'lock', [pool, lp, BigInt(unlockTime)]);
    cases.fakeLock = { token, deployer, pool, holder: locker, unlockTime };
  }
  {
    const deployer = wallet('burnVault deployer');
    const token = await newToken('VBURN', deployer);
    const pool = await v2Launch(token, deployer, parseEther('500000000'), parseEther('10'));
    const vault = (await deployContract(chain, LpBurnVault, [], deployer)).toLowerCase() as Address;
    await send(deployer, pool, erc20Abi, 'transfer', [vault, await balance(pool, deployer)]);
    cases.burnVault = { token, deployer, pool, holder: vault };
  }
  {
    // sqrt(10 ETH × 121e9 tokens) = 1.1e24: 1.1 M LP tokens, of which 1 is burned.
    const deployer = wallet('oneLpBurned deployer');
    const token = await newToken('ONELP', deployer, 200_000_000_000n);
    const pool = await v2Launch(token, deployer, parseEther('121000000000'), parseEther('10'));
    await send(deployer, pool, erc20Abi, 'transfer', [DEAD, parseEther('1')]);
    cases.oneLpBurned = { token, deployer, pool, holder: deployer };
  }
  {
    // The deployer seeds a small pool; ten providers funded by a faucet (no link to the deployer)
    // each buy the token and add their own LP, several times the deployer's.
    const deployer = wallet('dispersed deployer');
    const faucet = wallet('dispersed faucet');
    await chain.test.setBalance({ address: faucet, value: parseEther('1000') });
    const token = await newToken('DISP', deployer);
    const pool = await v2Launch(token, deployer, parseEther('3000000'), parseEther('0.3'));
    for (let i = 0; i < 10; i++) {
      const p = wallet(`dispersed provider ${i}`);
      providers.push(p.toLowerCase() as Address);
      const hash = await chain.wallet.sendTransaction({
        account: faucet,
        chain: chain.chain,
        to: p,
        value: parseEther('10'),
      });
      await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      await send(
        p,
        core.router,
        routerAbi,
        'swapExactETHForTokens',
        [0n, [core.weth, token], p, DEADLINE],
        parseEther('0.5'),
      );
      await send(p, token, erc20Abi, 'approve', [core.router, 2n ** 255n]);
      await send(
        p,
        core.router,
        routerAbi,
        'addLiquidityETH',
        [token, await balance(token, p), 0n, 0n, p, DEADLINE],
        parseEther('6'),
      );
    }
    // Later the team took most of its launch liquidity back, as an established token's team may:
    // what is left of its own is small beside the providers'.
    const own = await balance(pool, deployer);
    await send(deployer, pool, erc20Abi, 'approve', [core.router, own]);
    await send(deployer, core.router, removeAbi, 'removeLiquidityETH', [
      token,
      (own * 9n) / 10n,
      0n,
      0n,
      deployer,
      DEADLINE,
    ]);
    cases.dispersed = { token, deployer, pool, holder: providers[0] as Address };
  }
}

async function setUpPermanent(): Promise<void> {
  const deployer = wallet('permanent deployer');
  const token = await newToken('PERMA', deployer);
  const npm = core.uniswapV3.positionManager;
  const [token0, token1] = token < core.weth ? [token, core.weth] : [core.weth, token];
  await send(deployer, core.weth, wethAbi, 'deposit', [], parseEther('10'));
  for (const t of [token, core.weth]) await send(deployer, t, erc20Abi, 'approve', [npm, 2n ** 255n]);
  await send(deployer, npm, NonfungiblePositionManager.abi, 'createAndInitializePoolIfNecessary', [
    token0,
    token1,
    3000,
    Q96,
  ]);
  const receipt = await send(deployer, npm, NonfungiblePositionManager.abi, 'mint', [
    {
      token0,
      token1,
      fee: 3000,
      tickLower: V3_RANGE[0],
      tickUpper: V3_RANGE[1],
      amount0Desired: parseEther('10'),
      amount1Desired: parseEther('10'),
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: deployer,
      deadline: DEADLINE,
    },
  ]);
  const mintLog = receipt.logs.find((l) => l.address.toLowerCase() === npm && l.topics.length === 4);
  v3TokenId = BigInt(mintLog?.topics[3] ?? '0x0');
  const locker = (
    await deployContract(chain, PermanentPositionLocker, [deployer, deployer], deployer)
  ).toLowerCase() as Address;
  await send(
    deployer,
    npm,
    parseAbi(['function safeTransferFrom(address,address,uint256)']),
    'safeTransferFrom',
    [deployer, locker, v3TokenId],
  );
  const pool = (await chain.public.readContract({
    address: core.uniswapV3.factory,
    abi: parseAbi(['function getPool(address,address,uint24) view returns (address)']),
    functionName: 'getPool',
    args: [token0, token1, 3000],
  })) as Address;
  cases.permanent = { token, deployer, pool: pool.toLowerCase() as Address, holder: locker };
}

async function setUpHookOwned(): Promise<void> {
  const deployer = wallet('hookOwned deployer');
  const token = await newToken('HOOKD', deployer);
  v4 = await deployUniswapV4(chain, {
    deployer,
    weth: core.weth,
    v2Factory: core.factory,
    v3Factory: core.uniswapV3.factory,
    v3PositionManager: core.uniswapV3.positionManager,
  });
  const hook = await deployHook(chain, 'ownedLiquidity', {
    deployer,
    owner: deployer,
    poolManager: v4.poolManager,
  });
  const tokens = parseEther('10100');
  await send(deployer, token, erc20Abi, 'approve', [hook, tokens]);
  // Liquidity 100e18 over the full range at 10 000 tokens/ETH: ~1 ETH and ~10 000 tokens.
  await send(
    deployer,
    hook,
    OwnedLiquidityHook.abi,
    'launch',
    [token, SQRT_PRICE_10000, V4_RANGE[0], V4_RANGE[1], parseEther('100'), tokens],
    parseEther('1.01'),
  );
  hookPoolId = poolIdOf({
    currency0: '0x0000000000000000000000000000000000000000',
    currency1: token,
    fee: 10_000,
    tickSpacing: 200,
    hooks: hook,
  });
  cases.hookOwned = { token, deployer, pool: hookPoolId as Address, holder: hook.toLowerCase() as Address };
}

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  const admin = wallet('admin');
  await chain.test.setBalance({ address: admin, value: parseEther('1000') });
  core = await deployCore(chain, { deployer: admin, log });
  await setUpV2Cases();
  await setUpPermanent();
  await setUpHookOwned();
}, 300_000);

afterAll(async () => {
  await anvil?.stop({ save: false });
});

const hookLiquidity = () =>
  chain.public.readContract({
    address: v4.stateView,
    abi: StateView.abi,
    functionName: 'getPositionInfo',
    args: [hookPoolId, cases.hookOwned.holder, V4_RANGE[0], V4_RANGE[1], `0x${'0'.repeat(64)}`],
  });

const v3Position = () =>
  chain.public.readContract({
    address: core.uniswapV3.positionManager,
    abi: NonfungiblePositionManager.abi,
    functionName: 'positions',
    args: [v3TokenId],
  });
const v3Owner = () =>
  chain.public.readContract({
    address: core.uniswapV3.positionManager,
    abi: NonfungiblePositionManager.abi,
    functionName: 'ownerOf',
    args: [v3TokenId],
  });

describe('liquidity locks: ground truth (what each holder can really do)', () => {
  it('time lock: nobody can withdraw before the date; its owner can after', async () => {
    const { deployer, holder, unlockTime } = cases.timeLock;
    expect(await succeeds(deployer, holder, LpLocker.abi, 'withdraw', [0n])).toBe(false);
    await onSnapshot(async () => {
      await chain.test.setNextBlockTimestamp({ timestamp: BigInt((unlockTime ?? 0) + 1) });
      await chain.test.mine({ blocks: 1 });
      expect(await succeeds(deployer, holder, LpLocker.abi, 'withdraw', [0n])).toBe(true);
    });
  });

  it('fake locker: withdraw refuses before the date, but migrate(address) moves every LP token now', async () => {
    const { deployer, holder, pool } = cases.fakeLock;
    expect(
      await chain.public.readContract({ address: holder, abi: FakeLpLocker.abi, functionName: 'unlockTime' }),
    ).toBe(BigInt(cases.fakeLock.unlockTime ?? 0));
    expect(await succeeds(deployer, holder, FakeLpLocker.abi, 'withdraw', [])).toBe(false);
    expect(await succeeds(wallet('stranger'), holder, FakeLpLocker.abi, 'migrate', [deployer])).toBe(false);
    const locked = await balance(pool, holder);
    expect(locked).toBeGreaterThan(0n);
    await onSnapshot(async () => {
      await send(deployer, holder, FakeLpLocker.abi, 'migrate', [deployer]);
      expect(await balance(pool, deployer)).toBe(locked);
    });
  });

  it('"burned" to a contract: its owner (the deployer) can recover the LP, a stranger cannot', async () => {
    const { deployer, holder, pool } = cases.burnVault;
    const held = await balance(pool, holder);
    expect(held).toBeGreaterThan(0n);
    expect(await chain.public.getCode({ address: holder })).not.toBe('0x');
    expect(await succeeds(wallet('stranger'), holder, LpBurnVault.abi, 'recover', [pool, held])).toBe(false);
    await onSnapshot(async () => {
      await send(deployer, holder, LpBurnVault.abi, 'recover', [pool, held]);
      expect(await balance(pool, deployer)).toBe(held);
    });
  });

  it('1 LP of 1.1 M burned: the deployer still holds all the rest', async () => {
    const { deployer, pool } = cases.oneLpBurned;
    const supply = await chain.public.readContract({
      address: pool,
      abi: erc20Abi,
      functionName: 'totalSupply',
    });
    expect(Number(supply / 10n ** 18n)).toBeGreaterThan(1_099_000);
    expect(await balance(pool, DEAD)).toBe(parseEther('1'));
    // All but the burned token and Uniswap's MINIMUM_LIQUIDITY.
    expect(await balance(pool, deployer)).toBe(supply - parseEther('1') - 1000n);
  });

  it('dispersed: ten providers funded by a faucet hold most of the LP, the deployer a small share', async () => {
    const { deployer, pool } = cases.dispersed;
    const supply = await chain.public.readContract({
      address: pool,
      abi: erc20Abi,
      functionName: 'totalSupply',
    });
    const own = await balance(pool, deployer);
    expect(Number(own) / Number(supply)).toBeLessThan(0.1);
    for (const p of providers) expect(await balance(pool, p)).toBeGreaterThan(0n);
  });

  it('permanent locker: no call of its owner moves the position NFT or lowers its liquidity', async () => {
    const { deployer, holder, token } = cases.permanent;
    expect((await v3Owner()).toLowerCase()).toBe(holder);
    const before = (await v3Position())[7];
    expect(before).toBeGreaterThan(0n);
    await onSnapshot(async () => {
      // Every state-changing function of the locker, as its owner.
      await send(deployer, holder, PermanentPositionLocker.abi, 'collectFees', [
        core.uniswapV3.positionManager,
        v3TokenId,
      ]);
      await send(deployer, holder, PermanentPositionLocker.abi, 'setFeeRecipient', [deployer]);
      await send(deployer, holder, PermanentPositionLocker.abi, 'sweepToken', [token, deployer]);
      await send(deployer, holder, PermanentPositionLocker.abi, 'transferOwnership', [deployer]);
      expect((await v3Owner()).toLowerCase()).toBe(holder);
      expect((await v3Position())[7]).toBe(before);
    });
    // sweepToken cannot take the NFT: the position manager is not an ERC-20 it could sweep.
    expect(
      await succeeds(deployer, holder, PermanentPositionLocker.abi, 'sweepToken', [
        core.uniswapV3.positionManager,
        deployer,
      ]),
    ).toBe(false);
  });

  it('hook-owned: the hook owns the PoolManager position, and collecting fees leaves its liquidity', async () => {
    const { deployer, holder } = cases.hookOwned;
    const [liquidity] = await hookLiquidity();
    expect(liquidity).toBe(parseEther('100'));
    await onSnapshot(async () => {
      await send(deployer, holder, OwnedLiquidityHook.abi, 'collectFees', []);
      await send(deployer, holder, OwnedLiquidityHook.abi, 'setFeeRecipient', [deployer]);
      expect((await hookLiquidity())[0]).toBe(liquidity);
    });
    // A second launch (the only other path to modifyLiquidity) is refused.
    expect(
      await succeeds(deployer, holder, OwnedLiquidityHook.abi, 'launch', [
        cases.hookOwned.token,
        SQRT_PRICE_10000,
        0,
        200,
        1n,
        0n,
      ]),
    ).toBe(false);
  });
});

// The report's reading of each case: the liquidity ledger (facts/liquidity, analysis/liquidity-ledger.ts)
// of an engine that indexed this chain, judged by simulating each holder's own calls.
describe('liquidity locks: the report reads each case right', () => {
  let engine: TokenEngine;
  beforeAll(async () => {
    // The permanent locker's fees really collected once (to its fee recipient, the deployer): the
    // ledger names where a locked position's fees go.
    await send(cases.permanent.deployer, cases.permanent.holder, PermanentPositionLocker.abi, 'collectFees', [
      core.uniswapV3.positionManager,
      v3TokenId,
    ]);
    const db = await openDatabase({ kind: 'memory' });
    const indexer = createIndexer({
      db: db.db,
      chain,
      log,
      streams: [{ id: 'local:all', addresses: null, fromBlock: 0n }],
    });
    await indexer.syncOnce();
    const network: NetworkDescription = {
      mode: 'local',
      chainId: 8453,
      label: 'liquidity locks',
      contracts: {
        uniswapV2Factory: core.factory,
        uniswapV2Router: core.router,
        weth: core.weth,
        usd: '0x00000000000000000000000000000000000000ee',
        multicall3: core.multicall3,
        lpLockers: [core.locker],
        uniswapV3: {
          factory: core.uniswapV3.factory,
          positionManager: core.uniswapV3.positionManager,
          swapRouter02: core.uniswapV3.swapRouter02,
          quoterV2: core.uniswapV3.quoterV2,
          positionLockers: [core.uniswapV3.positionLocker],
        },
        uniswapV4: { ...v4, positionLockers: [] },
      },
      flabToken: null,
      tokens: {},
    };
    engine = createTokenEngine({ db: db.db, chain, network, indexer, log, budgetMs: 60_000 });
  }, 300_000);

  const ledgerOf = async (name: CaseName) => {
    const c = cases[name];
    const f = await engine.facts(c.token);
    const venue = name === 'permanent' ? 'uniswap-v3' : name === 'hookOwned' ? 'uniswap-v4' : 'uniswap-v2';
    const pool = f.pools.find((p) => p.venue === venue);
    expect(pool, `${name}: its pool`).toBeDefined();
    const l = judgeLedger(pool as PoolFacts);
    expect(l, `${name}: a ledger`).not.toBeNull();
    return l as NonNullable<typeof l>;
  };

  for (const [name, e] of Object.entries(EXPECTED_LEDGER) as [CaseName, ExpectedLedger][])
    it(`${name}: its launch position reads ${e.kind} (${e.side} side${e.call ? `, with ${e.call}` : ''}); the creator can pull ~${Math.round(e.creatorPullable * 100)}% now`, async () => {
      const l = await ledgerOf(name);
      const holder = cases[name].holder.toLowerCase();
      const mine = l.positions.filter((p) => p.holder.toLowerCase() === holder);
      expect(mine.length, `${name}: the holder's position is listed`).toBeGreaterThan(0);
      for (const p of mine) {
        expect(p.kind, `${name}: ${p.evidence}`).toBe(e.kind);
        expect(p.side, `${name}: ${p.evidence}`).toBe(e.side);
        if (e.call) expect(p.evidence).toContain(e.call);
      }
      if (name === 'dispersed') {
        // The providers' own, the deployer's small rest pullable by it.
        expect(l.independentShare ?? 0).toBeGreaterThan(0.85);
        expect(l.creatorPullableShare ?? 1).toBeLessThanOrEqual(e.creatorPullable);
      } else expect(l.creatorPullableShare ?? -1).toBeCloseTo(e.creatorPullable, 2);
      if (name === 'timeLock') expect(l.unlockSchedule[0]?.time).toBe(cases.timeLock.unlockTime);
      if (name === 'permanent') {
        expect(mine[0]?.feeCollector).toBe(cases.permanent.deployer.toLowerCase());
        expect(mine[0]?.evidence).toMatch(/fees are collected to 0x\S+ \(the token/);
      }
    });

  it('hook-owned: the position held in the PoolManager is valued from its indexed range, like an NFT', async () => {
    // The hook's launch: liquidity 1e20 over the full range at 10 000 tokens per ETH, i.e. sqrt(L²/P)
    // = 1 ETH and sqrt(L²·P) = 10 000 tokens, less what the swaps since moved (none here).
    const f = await engine.facts(cases.hookOwned.token);
    const pool = f.pools.find((p) => p.venue === 'uniswap-v4');
    const mine = pool?.liquidity?.positions.filter((p) => p.holder.toLowerCase() === cases.hookOwned.holder);
    expect(mine?.length).toBe(1);
    const [p] = mine ?? [];
    expect(p?.activeShare ?? 0).toBeCloseTo(1, 3);
    expect((p?.quoteRaw ?? 0) / 1e18).toBeCloseTo(1, 2);
    expect((p?.tokenRaw ?? 0) / 1e18 / 10_000).toBeCloseTo(1, 2);
    // The pool's value is the same position's (both sides at the pool price), not a running balance.
    expect(pool?.poolValueBasis).toBe('positions');
  });
});
