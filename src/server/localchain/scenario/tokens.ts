/**
 * Token launches: deploy, open a WETH pool through the router (which creates the pair), register
 * the pair where the token needs it, and decide what happens to the LP (burned, locked or kept).
 * Also the USDC look-alike with its WETH/USDC pool and the blue-chip look-alikes.
 */
import { type Address, encodeDeployData, encodeFunctionData, erc20Abi, type Hex, numberToHex } from 'viem';
import { LpLocker, ScenarioToken, Stablecoin } from '../artifacts/generated';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import {
  addLiquidity,
  BURN_ADDRESS,
  eth,
  GAS,
  type MarketToken,
  pairFor,
  readBalances,
  transferToken,
  units,
} from './market';

export const ETH_USD_START = 3000;

export type LaunchSpec = {
  symbol: string;
  owner: Address;
  /** Queues the deployment(s) and returns the token's address. */
  deploy(): Promise<Address>;
  decimals?: number;
  supply: bigint;
  poolTokens: bigint;
  poolEth: bigint;
  /** Queues owner calls that must precede the pool (e.g. setPair), given the future pair address. */
  beforePool?(token: Address, pair: Address): void;
  weight: number;
  buyScale: number;
  /** Routine trading starts this long after the launch. */
  liveDelay?: number;
} & Partial<Pick<MarketToken, 'liveUntil' | 'sellsRevert' | 'maxHolding' | 'maxTx' | 'only' | 'excluded'>>;

/** Tops up ETH with anvil_setBalance: invisible on chain, like money arriving from elsewhere. */
export async function fund(
  ctx: ScenarioContext,
  entries: readonly (readonly [Address, bigint])[],
): Promise<void> {
  if (entries.length === 0) return;
  const res = await ctx.q.rpc.batch(
    entries.map(([a, v]) => ({ method: 'anvil_setBalance', params: [a, numberToHex(v)] })),
  );
  const failed = res.find((r) => r.error);
  if (failed) throw new Error(`anvil_setBalance failed: ${failed.error?.message}`);
}

/** Makes sure a wallet has at least `min` ETH (a top-up from "elsewhere", never a reduction). */
export async function ensureEth(ctx: ScenarioContext, wallet: Address, min: bigint): Promise<void> {
  const bal = BigInt(await ctx.q.rpc.call<string>('eth_getBalance', [wallet, 'latest']));
  if (bal < min) await fund(ctx, [[wallet, min]]);
}

export async function launch(ctx: ScenarioContext, spec: LaunchSpec): Promise<MarketToken> {
  const address = await spec.deploy();
  const pair = pairFor(ctx, address, ctx.core.weth);
  spec.beforePool?.(address, pair);
  addLiquidity(ctx, spec.owner, { address, symbol: spec.symbol }, spec.poolTokens, spec.poolEth, {
    newPair: true,
    label: `open ${spec.symbol}/WETH pool`,
  });
  const token: MarketToken = {
    symbol: spec.symbol,
    address,
    decimals: spec.decimals ?? 18,
    pair,
    owner: spec.owner,
    supply: spec.supply,
    liveFrom: ctx.now + (spec.liveDelay ?? 20 * 60),
    liveUntil: spec.liveUntil ?? Number.POSITIVE_INFINITY,
    weight: spec.weight,
    buyScale: spec.buyScale,
    sellsRevert: spec.sellsRevert,
    paused: [],
    excluded: spec.excluded ?? new Set(),
    only: spec.only,
    maxHolding: spec.maxHolding,
    maxTx: spec.maxTx,
  };
  ctx.tokens.set(spec.symbol, token);
  ctx.out.tokens[spec.symbol] = address;
  ctx.out.pairs[spec.symbol] = pair;
  return token;
}

/** A plain ERC-20 (ScenarioToken) deployment, for `LaunchSpec.deploy`. */
export function deployPlain(
  ctx: ScenarioContext,
  owner: Address,
  name: string,
  symbol: string,
  supply: bigint,
  decimals = 18,
): () => Promise<Address> {
  return () =>
    ctx.q.deploy(
      owner,
      encodeDeployData({
        abi: ScenarioToken.abi,
        bytecode: ScenarioToken.bytecode as Hex,
        args: [name, symbol, decimals, supply, owner],
      }),
      `deploy ${symbol}`,
    );
}

/**
 * What the deployer does with its LP tokens shortly after the launch: burn a share (send to
 * 0x…dEaD), lock a share in the LpLocker until `unlockTime`, keep the rest.
 */
export function scheduleLpPolicy(
  ctx: ScenarioContext,
  token: MarketToken,
  policy: { burn?: number; lock?: number; unlockTime?: number; delay?: number },
): void {
  ctx.schedule(ctx.now + (policy.delay ?? 30 * 60), `${token.symbol} LP policy`, async () => {
    const [lp] = await readBalances(ctx, [[token.pair, token.owner]]);
    if (!lp) throw new Error(`${token.symbol}: the deployer holds no LP`);
    const burn = policy.burn ? (lp * BigInt(Math.round(policy.burn * 1000))) / 1000n : 0n;
    const lock = policy.lock ? (lp * BigInt(Math.round(policy.lock * 1000))) / 1000n : 0n;
    if (burn > 0n) {
      ctx.q.add({
        from: token.owner,
        to: token.pair,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BURN_ADDRESS, burn] }),
        gas: GAS.transfer,
        label: `${token.symbol}: burn LP`,
      });
    }
    if (lock > 0n) {
      lockLp(ctx, token.owner, token.pair, lock, policy.unlockTime ?? ctx.now + 365 * DAY, token.symbol);
    }
  });
}

export function lockLp(
  ctx: ScenarioContext,
  owner: Address,
  pair: Address,
  amount: bigint,
  unlockTime: number,
  symbol: string,
) {
  ctx.q.add({
    from: owner,
    to: pair,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ctx.core.locker, amount] }),
    gas: GAS.approve,
    label: `${symbol}: approve LP to locker`,
  });
  ctx.q.add({
    from: owner,
    to: ctx.core.locker,
    data: encodeFunctionData({
      abi: LpLocker.abi,
      functionName: 'lock',
      args: [pair, amount, BigInt(unlockTime)],
    }),
    gas: GAS.call,
    label: `${symbol}: lock LP`,
  });
}

// ---- USDC ----

export async function launchUsdc(ctx: ScenarioContext): Promise<MarketToken> {
  const { infra, marketMaker } = ctx.wallets;
  const poolEth = ctx.cfg.full ? 3000 : 1000;
  const mint = (to: Address, amount: bigint) =>
    ctx.q.add({
      from: infra,
      to: usdc,
      data: encodeFunctionData({ abi: Stablecoin.abi, functionName: 'mint', args: [to, amount] }),
      gas: GAS.call,
      label: 'mint USDC',
    });
  const usdc = await ctx.q.deploy(
    infra,
    encodeDeployData({
      abi: Stablecoin.abi,
      bytecode: Stablecoin.bytecode as Hex,
      args: ['USD Coin', 'USDC', 6, infra],
    }),
    'deploy USDC',
  );
  const poolUsdc = units(poolEth * ETH_USD_START, 6);
  mint(infra, poolUsdc);
  mint(marketMaker, units(poolEth * ETH_USD_START * 0.3, 6));
  const token = await launch(ctx, {
    symbol: 'USDC',
    owner: infra,
    deploy: async () => usdc,
    decimals: 6,
    supply: poolUsdc,
    poolTokens: poolUsdc,
    poolEth: eth(poolEth),
    weight: 9,
    buyScale: 1.5,
  });
  ctx.out.usd = usdc;
  return token;
}

// ---- blue-chip look-alikes ----

type Lookalike = {
  symbol: string;
  name: string;
  supply: number;
  priceUsd: number;
  poolEth: number;
  weight: number;
  lp: { burn?: number; lock?: number; lockDays?: number };
};

const LOOKALIKES: Lookalike[] = [
  {
    symbol: 'DEGEN',
    name: 'Degen',
    supply: 36_965_935_954,
    priceUsd: 0.0045,
    poolEth: 350,
    weight: 12,
    lp: { burn: 0.6 },
  },
  {
    symbol: 'BRETT',
    name: 'Brett',
    supply: 9_999_998_988,
    priceUsd: 0.045,
    poolEth: 500,
    weight: 11,
    lp: { burn: 1 },
  },
  {
    symbol: 'TOSHI',
    name: 'Toshi',
    supply: 420_690_000_000,
    priceUsd: 0.0006,
    poolEth: 220,
    weight: 8,
    lp: { lock: 0.8, lockDays: 365 },
  },
  {
    symbol: 'AERO',
    name: 'Aerodrome',
    supply: 1_650_000_000,
    priceUsd: 0.95,
    poolEth: 450,
    weight: 10,
    lp: { burn: 0.25, lock: 0.5, lockDays: 180 },
  },
];

export const LOOKALIKE_SYMBOLS = LOOKALIKES.map((l) => l.symbol);

export async function launchLookalikes(ctx: ScenarioContext): Promise<void> {
  const r = ctx.rng.fork('lookalikes');
  const depth = ctx.cfg.full ? 1 : 0.4;
  for (const spec of LOOKALIKES) {
    const owner = ctx.wallets.dev(spec.symbol);
    const poolEth = spec.poolEth * depth;
    await fund(ctx, [[owner, eth(poolEth + 5)]]);
    const supply = units(spec.supply, 18);
    const poolTokens = units((poolEth * ETH_USD_START) / spec.priceUsd, 18);
    const token = await launch(ctx, {
      symbol: spec.symbol,
      owner,
      deploy: deployPlain(ctx, owner, spec.name, spec.symbol, supply),
      supply,
      poolTokens,
      poolEth: eth(poolEth),
      weight: spec.weight,
      buyScale: 1.6,
    });
    // The rest of the supply: a third burned, most of it spread over exchange/treasury-like
    // holders who never trade, the deployer keeps a slice. Top holders stay realistic (< 15%).
    const rest = supply - poolTokens;
    const burned = rest / 3n;
    transferToken(ctx, owner, token, BURN_ADDRESS, burned, `${spec.symbol}: burn supply`);
    let left = rest - burned;
    for (let i = 0; i < 8; i++) {
      const share = (left * BigInt(Math.round(r.range(0.12, 0.22) * 1000))) / 1000n;
      transferToken(
        ctx,
        owner,
        token,
        ctx.wallets.dev(`${spec.symbol}/holder/${i}`),
        share,
        `${spec.symbol}: allocation`,
      );
      left -= share;
    }
    const unlockTime = ctx.times.end + (spec.lp.lockDays ?? 365) * DAY;
    scheduleLpPolicy(ctx, token, { burn: spec.lp.burn, lock: spec.lp.lock, unlockTime, delay: HOUR });
  }
}
