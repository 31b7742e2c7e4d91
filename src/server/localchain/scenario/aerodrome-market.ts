/**
 * Aerodrome's market operations, shared by the scenario (aerodrome.ts) and the live simulator: the
 * pool addresses both factories create (EIP-1167 clones), opening a classic pool or a full-range
 * Slipstream position, and buys and sells through Aerodrome's Router (Route structs) and
 * Slipstream's SwapRouter.
 */
import {
  type Address,
  encodeAbiParameters,
  encodePacked,
  getCreate2Address,
  type Hex,
  keccak256,
} from 'viem';
import { sortTokens, sqrtPriceX96FromRaw } from '../../venues/uniswap-v3-math';
import type { AerodromeAddresses } from '../aerodrome-deploy';
import { AerodromeRouter, CLPositionManager, CLSwapRouter } from '../artifacts/aerodrome';
import { WETH9 } from '../artifacts/generated';
import { queueCall } from './calls';
import { approve, DEADLINE, eth, hold, type Market, readBalances, scale } from './market';

export const AERO_GAS = { add: 5_000_000n, swap: 600_000n, mint: 6_500_000n, wrap: 80_000n } as const;
/** Slipstream tick spacing of the scenario's pools (fee 0.05%, as the factory enables it). */
export const TICK_SPACING = 100;

/** An Aerodrome pool the scenario (and the live simulator) trades. */
export type AeroMarketPool = {
  symbol: string;
  token: Address;
  pool: Address;
  kind: 'classic' | 'slipstream';
  /** Slipstream: the factory's index in AerodromeAddresses.slipstream. */
  factory?: number;
  buyScale: number;
  sellsRevert?: boolean;
  liveFrom: number;
  liveUntil: number;
};

/** The EIP-1167 clone address both factories create pools at (OpenZeppelin Clones). */
function cloneAddress(implementation: Address, salt: Hex, deployer: Address): Address {
  const init =
    `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2)}5af43d82803e903d91602b57fd5bf3` as Hex;
  return getCreate2Address({ from: deployer, salt, bytecodeHash: keccak256(init) }).toLowerCase() as Address;
}

/** A classic pool's address: PoolFactory clones its implementation with salt (token0, token1, stable). */
export function classicPoolAddress(a: AerodromeAddresses, x: Address, y: Address, stable: boolean): Address {
  const [t0, t1] = sortTokens(x, y);
  const salt = keccak256(encodePacked(['address', 'address', 'bool'], [t0, t1, stable]));
  return cloneAddress(a.poolImplementation, salt, a.poolFactory);
}

/** A Slipstream pool's address: CLFactory clones the CLPool with salt abi.encode(token0, token1, tickSpacing). */
export function slipstreamPoolAddress(
  a: AerodromeAddresses,
  i: number,
  x: Address,
  y: Address,
  ts: number,
): Address {
  const [t0, t1] = sortTokens(x, y);
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'int24' }], [t0, t1, ts]),
  );
  const f = a.slipstream[i];
  if (!f) throw new Error(`no Slipstream factory #${i}`);
  return cloneAddress(a.clPoolImplementation, salt, f.factory);
}

export function aeroOf(m: Pick<Market, 'core'>): AerodromeAddresses {
  const a = m.core.aerodrome;
  if (!a) throw new Error('Aerodrome is not deployed on this chain');
  return a;
}

/** Queues a classic pool of `ethAmount` ETH and `tokenAmount` tokens (created by the Router). */
export function openClassic(
  m: Market,
  owner: Address,
  token: Address,
  tokenAmount: bigint,
  ethAmount: bigint,
  label: string,
) {
  const a = aeroOf(m);
  approve(m, owner, token, a.router, label);
  queueCall(
    m,
    owner,
    a.router,
    AerodromeRouter.abi,
    'addLiquidityETH',
    [token, false, tokenAmount, 0n, 0n, owner, DEADLINE],
    {
      value: ethAmount,
      gas: AERO_GAS.add,
      label,
    },
  );
}

/** Queues a full-range Slipstream position creating the pool on factory `i` at the amounts' price. */
export function openSlipstream(
  m: Market,
  i: number,
  owner: Address,
  token: Address,
  tokenAmount: bigint,
  ethAmount: bigint,
  label: string,
) {
  const a = aeroOf(m);
  const s = a.slipstream[i];
  if (!s) throw new Error(`no Slipstream factory #${i}`);
  const weth = m.core.weth;
  const [t0, t1] = sortTokens(token, weth);
  const tokenIs0 = t0 === token.toLowerCase();
  const [x0, x1] = tokenIs0 ? [tokenAmount, ethAmount] : [ethAmount, tokenAmount];
  const edge = Math.floor(887_272 / TICK_SPACING) * TICK_SPACING;
  queueCall(m, owner, weth, WETH9.abi, 'deposit', [], {
    value: ethAmount,
    gas: AERO_GAS.wrap,
    label: `${label}: wrap ETH`,
  });
  approve(m, owner, weth, s.positionManager, label);
  approve(m, owner, token, s.positionManager, label);
  const position = {
    token0: t0,
    token1: t1,
    tickSpacing: TICK_SPACING,
    tickLower: -edge,
    tickUpper: edge,
    amount0Desired: x0,
    amount1Desired: x1,
    amount0Min: 0n,
    amount1Min: 0n,
    recipient: owner,
    deadline: DEADLINE,
    sqrtPriceX96: sqrtPriceX96FromRaw(Number(x1) / Number(x0)),
  };
  queueCall(m, owner, s.positionManager, CLPositionManager.abi, 'mint', [position], {
    gas: AERO_GAS.mint,
    label,
  });
}

/** A Slipstream exactInputSingle swap (the SwapRouter wraps ETH sent as `value`). */
function slipstreamSwap(
  m: Market,
  wallet: Address,
  p: AeroMarketPool,
  swap: { tokenIn: Address; tokenOut: Address; amountIn: bigint; value?: bigint; label: string },
  allowRevert: boolean | undefined,
): void {
  const s = aeroOf(m).slipstream[p.factory ?? 0] as AerodromeAddresses['slipstream'][number];
  const params = {
    tokenIn: swap.tokenIn,
    tokenOut: swap.tokenOut,
    tickSpacing: TICK_SPACING,
    recipient: wallet,
    deadline: DEADLINE,
    amountIn: swap.amountIn,
    amountOutMinimum: 0n,
    sqrtPriceLimitX96: 0n,
  };
  queueCall(m, wallet, s.swapRouter, CLSwapRouter.abi, 'exactInputSingle', [params], {
    value: swap.value,
    gas: AERO_GAS.swap,
    label: swap.label,
    allowRevert,
  });
}

/** Buy with ETH through the Router (classic) or the SwapRouter (Slipstream, which wraps the ETH). */
export function aeroBuy(
  m: Market,
  wallet: Address,
  p: AeroMarketPool,
  ethIn: bigint,
  allowRevert?: boolean,
): void {
  const a = aeroOf(m);
  if (p.kind === 'classic') {
    const route = [{ from: m.core.weth, to: p.token, stable: false, factory: a.poolFactory }];
    queueCall(
      m,
      wallet,
      a.router,
      AerodromeRouter.abi,
      'swapExactETHForTokens',
      [0n, route, wallet, DEADLINE],
      {
        value: ethIn,
        gas: AERO_GAS.swap,
        label: `buy ${p.symbol} on Aerodrome`,
        allowRevert,
      },
    );
  } else {
    const label = `buy ${p.symbol} on Slipstream`;
    slipstreamSwap(
      m,
      wallet,
      p,
      { tokenIn: m.core.weth, tokenOut: p.token, amountIn: ethIn, value: ethIn, label },
      allowRevert,
    );
  }
  hold(m, wallet, `aero:${p.symbol}`);
}

/** Sell for ETH (classic) or WETH (Slipstream). */
export function aeroSell(
  m: Market,
  wallet: Address,
  p: AeroMarketPool,
  amount: bigint,
  allowRevert?: boolean,
): void {
  const a = aeroOf(m);
  if (p.kind === 'classic') {
    approve(m, wallet, p.token, a.router, `sell ${p.symbol}`);
    const route = [{ from: p.token, to: m.core.weth, stable: false, factory: a.poolFactory }];
    queueCall(
      m,
      wallet,
      a.router,
      AerodromeRouter.abi,
      'swapExactTokensForETH',
      [amount, 0n, route, wallet, DEADLINE],
      {
        gas: AERO_GAS.swap,
        label: `sell ${p.symbol} on Aerodrome`,
        allowRevert,
      },
    );
    return;
  }
  const s = a.slipstream[p.factory ?? 0] as AerodromeAddresses['slipstream'][number];
  approve(m, wallet, p.token, s.swapRouter, `sell ${p.symbol}`);
  const label = `sell ${p.symbol} on Slipstream`;
  slipstreamSwap(
    m,
    wallet,
    p,
    { tokenIn: p.token, tokenOut: m.core.weth, amountIn: amount, label },
    allowRevert,
  );
}

/** One round of Aerodrome trading: every live pool gets a buy, holders sell part of what they hold. */
export async function aeroTradeRound(
  m: Market,
  pools: readonly AeroMarketPool[],
  wallets: readonly Address[],
): Promise<void> {
  const live = pools.filter((p) => m.now >= p.liveFrom && m.now < p.liveUntil);
  if (live.length === 0 || wallets.length === 0) return;
  for (const p of live) {
    const holders = wallets.filter((w) => m.holdings.get(w)?.has(`aero:${p.symbol}`));
    if (holders.length > 0 && m.rng.chance(p.sellsRevert ? 0.15 : 0.4)) {
      const wallet = m.rng.pick(holders);
      const [bal] = await readBalances(m, [[p.token, wallet]]);
      // Shared wallets trade on other venues in the same block: a sell may find less than it read.
      if (bal && bal > 0n) aeroSell(m, wallet, p, scale(bal, m.rng.range(0.2, 0.6)), true);
      continue;
    }
    aeroBuy(m, m.rng.pick(wallets), p, scale(eth(m.rng.range(0.01, 0.2)), p.buyScale), p.sellsRevert);
  }
}
