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
import { type Abi, type Address, type Hex, parseEther } from 'viem';
import type { LocalChainClients } from '../chain/client';
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
  UniswapV2Router02,
  UniswapV3Factory,
  WETH9,
} from '../localchain/artifacts/generated';
import { assertUniswapArtifactsConsistent, deployContract } from '../localchain/deploy';
import type { UniswapV4Addresses } from '../localchain/uniswap-v4';
import type { Logger } from '../logger';
import { REPLICA_CONTRACTS, replicaWallet } from './addresses';
import { placeAerodrome } from './aerodrome';
import { launchAerodromeToken } from './aerodrome-launch';
import { deployAs, gap, type LaunchContext, type Launched, SUPPLY } from './launch';
import { REPLICA_V3_FEES, type ReplicaManifest, type ReplicaTokenKind } from './manifest';
import { createSender, placeAt } from './transplant';
import { launchV2Token, pullAllLiquidity, seedWethUsdc } from './uniswap-v2';
import { launchV3Token } from './uniswap-v3';
import { launchV4Token, placeUniswapV4 } from './uniswap-v4';

export { REPLICA_CONTRACTS, replicaPairFor, replicaWallet } from './addresses';
export { REPLICA_V3_FEES, type ReplicaManifest, type ReplicaTokenKind } from './manifest';
export { addV3PoolLater } from './uniswap-v3';

/**
 * Every contract at its Base address: Multicall3, WETH, Uniswap V2, USDC, the V3 factory and
 * periphery, Aerodrome (classic and every Slipstream factory) and Uniswap V4 (whose Universal
 * Router routes V2 and V3 too, as Base's does). Returns V4's addresses.
 */
async function placeContracts(ctx: LaunchContext): Promise<UniswapV4Addresses> {
  const { chain, send, infra } = ctx;
  const c = REPLICA_CONTRACTS;
  const v3 = c.uniswapV3;
  const zero = '0x0000000000000000000000000000000000000000' as Address;
  await chain.test.setCode({ address: c.multicall3, bytecode: Multicall3.deployedBytecode as Hex });
  await placeAt(chain, WETH9, [], c.weth, infra);
  await placeAt(chain, UniswapV2Factory, [infra], c.uniswapV2Factory, infra);
  await placeAt(chain, UniswapV2Router02, [c.uniswapV2Factory, c.weth], c.uniswapV2Router, infra);
  await placeAt(chain, Stablecoin, ['USD Coin', 'USDC', 6, infra], c.usdc, infra);
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
  const placeHere = (artifact: Parameters<typeof placeAt>[1], args: readonly unknown[], target: Address) =>
    placeAt(chain, artifact, args as never, target, infra);
  await placeAerodrome(chain, { placeAt: placeHere, send, infra, weth: c.weth });
  const v4 = await placeUniswapV4(chain, {
    placeAt: placeHere,
    infra,
    weth: c.weth,
    v2Factory: c.uniswapV2Factory,
    v3Factory: v3.factory,
    v3PositionManager: v3.positionManager,
  });
  // Base enabled the 1-bp tier (tick spacing 1), as mainnet did; the factory's owner can.
  await send(infra, v3.factory, UniswapV3Factory.abi as Abi, 'enableFeeAmount', [100, 1]);
  return v4;
}

/** V2 tokens: a clean one, a honeypot, a tax token (rates raised later) and a rug. */
async function launchV2Tokens(ctx: LaunchContext, taxBps: { buy: number; sell: number }) {
  const { chain, send } = ctx;
  const setPair = (abi: Abi) => async (token: Address, owner: Address, pair: Address) => {
    await send(owner, token, abi, 'setPair', [pair, true]);
  };
  const clean = await launchV2Token(
    ctx,
    'clean',
    (owner) => deployContract(chain, ScenarioToken, ['Harbor Token', 'HRBR', 18, SUPPLY, owner], owner),
    { poolEth: parseEther('20'), sells: true },
  );
  const honeypot = await launchV2Token(
    ctx,
    'honeypot',
    (owner) => deployContract(chain, HoneypotToken, ['Sweet Jar', 'SJAR', SUPPLY, owner], owner),
    { poolEth: parseEther('10'), beforePool: setPair(HoneypotToken.abi as Abi), sells: false },
  );
  const tax = await launchV2Token(
    ctx,
    'tax',
    (owner) => deployContract(chain, TaxToken, ['Toll Road', 'TOLL', SUPPLY, owner, 300, 500], owner),
    { poolEth: parseEther('10'), beforePool: setPair(TaxToken.abi as Abi), sells: true },
  );
  await send(tax.owner, tax.token, TaxToken.abi as Abi, 'setTaxes', [taxBps.buy, taxBps.sell]);
  const rug = await launchV2Token(
    ctx,
    'rug',
    (owner) => deployContract(chain, ScenarioToken, ['Exit Liquidity', 'EXIT', 18, SUPPLY, owner], owner),
    { poolEth: parseEther('15'), sells: true },
  );
  await pullAllLiquidity(ctx, rug);
  return { clean, honeypot, tax, rug };
}

/** V3-only tokens: a clean one whose position is burned, and a honeypot. */
async function launchV3Tokens(ctx: LaunchContext) {
  const { chain, send } = ctx;
  const v3Clean = await launchV3Token(
    ctx,
    'v3Clean',
    (owner) => deployContract(chain, ScenarioToken, ['Tidal Coin', 'TIDE', 18, SUPPLY, owner], owner),
    { poolEth: parseEther('20'), sells: true, burnPosition: true },
  );
  const v3Honeypot = await launchV3Token(
    ctx,
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
  return { v3Clean, v3Honeypot };
}

/** A V4-only token against native ETH: without a hook, or behind the NoOp hook. */
async function launchV4Only(
  ctx: LaunchContext,
  v4: UniswapV4Addresses,
  kind: 'v4Clean' | 'v4NoOp',
  name: string,
  symbol: string,
): Promise<Launched> {
  const { chain } = ctx;
  const { owner, token } = await deployAs(ctx, kind, (o) =>
    deployContract(chain, ScenarioToken, [name, symbol, 18, SUPPLY, o], o),
  );
  const { pool } = await launchV4Token(chain, v4, {
    owner,
    token,
    hook: kind === 'v4NoOp' ? 'noOp' : null,
    infra: ctx.infra,
    traders: ctx.traders.slice(0, 6),
  });
  await gap(ctx, 100);
  return { token, pair: pool, owner };
}

/** Every token launch, in the order the history is built. */
async function launchTokens(
  ctx: LaunchContext,
  v4: UniswapV4Addresses,
  taxBps: { buy: number; sell: number },
): Promise<Record<ReplicaTokenKind, Launched>> {
  const { chain } = ctx;
  const v2 = await launchV2Tokens(ctx, taxBps);
  const v3 = await launchV3Tokens(ctx);
  const aeroClean = await launchAerodromeToken(ctx, 'aeroClean', (owner) =>
    deployContract(chain, ScenarioToken, ['Runway Token', 'RNWY', 18, SUPPLY, owner], owner),
  );
  const aeroHoneypot = await launchAerodromeToken(ctx, 'aeroHoneypot', (owner) =>
    deployContract(chain, HoneypotToken, ['Glide Trap', 'GLDT', SUPPLY, owner], owner),
  );
  const v4Clean = await launchV4Only(ctx, v4, 'v4Clean', 'Harbor Token', 'HRBR');
  const v4NoOp = await launchV4Only(ctx, v4, 'v4NoOp', 'Tide Trap', 'TIDE');
  return { ...v2, ...v3, aeroClean, aeroHoneypot, v4Clean, v4NoOp };
}

/** One field of every launch, by kind. */
const eachKind = (launched: Record<ReplicaTokenKind, Launched>, field: keyof Launched) =>
  Object.fromEntries(Object.entries(launched).map(([k, l]) => [k, l[field]])) as Record<
    ReplicaTokenKind,
    Address
  >;

export async function buildReplica(
  chain: LocalChainClients,
  opts: { log: Logger },
): Promise<ReplicaManifest> {
  const { log } = opts;
  const started = Date.now();
  assertUniswapArtifactsConsistent();
  const infra = replicaWallet('infra');

  // Some depth before anything exists, like a chain that has been running for a while.
  await chain.test.mine({ blocks: 500, interval: 2 });

  const traders = Array.from({ length: 12 }, (_, i) => replicaWallet(`trader-${i}`));
  const ctx: LaunchContext = { chain, send: createSender(chain, { spaced: true }), infra, traders };
  const v4 = await placeContracts(ctx);
  const wethUsdcPair = await seedWethUsdc(ctx);
  const taxBps = { buy: 500, sell: 2500 };
  const launched = await launchTokens(ctx, v4, taxBps);

  const headBlock = await chain.public.getBlockNumber({ cacheTime: 0 });
  const manifest: ReplicaManifest = {
    contracts: REPLICA_CONTRACTS,
    wethUsdcPair,
    tokens: eachKind(launched, 'token'),
    pairs: eachKind(launched, 'pair'),
    deployers: eachKind(launched, 'owner'),
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
