/**
 * Routine trading, shared by the history builder and the live simulator: a handful of wallets buy,
 * sell and transfer the tokens that are live for them. Sizes are read-driven: sells take a share of
 * the wallet's real balance, buys are capped by the pool's depth, the wallet's ETH and the token's
 * holding limits, so nothing reverts except the honeypot sells that are meant to.
 */
import type { Address } from 'viem';
import type { Rng } from '../simulator/random';
import {
  amountIn,
  amountOut,
  balanceRead,
  buy,
  eth,
  ethBalanceRead,
  GAS,
  type Market,
  type MarketToken,
  orientReserves,
  type Reserves,
  readMany,
  reservesRead,
  scale,
  sell,
  tradable,
  transferToken,
} from './market';

export type TraderLike = { address: Address; firstActive: number; activity: number };

type Plan =
  | { kind: 'buy' | 'sell'; wallet: Address; token: MarketToken }
  | { kind: 'transfer'; wallet: Address; token: MarketToken; to: Address }
  | { kind: 'eth'; wallet: Address; to: Address };

const MIN_BUY = eth(0.001);
const GAS_RESERVE = eth(0.02);
const MIN_SELL_OUT = eth(0.000001);

function pickWallets(rng: Rng, active: readonly TraderLike[], count: number): TraderLike[] {
  const chosen = new Map<Address, TraderLike>();
  const weighted = active.map((t) => [t, t.activity] as const);
  for (let attempts = 0; chosen.size < Math.min(count, active.length) && attempts < count * 4; attempts++) {
    const t = rng.weighted(weighted);
    chosen.set(t.address, t);
  }
  return [...chosen.values()];
}

function plan(m: Market, wallet: Address, peers: readonly TraderLike[]): Plan | undefined {
  const { rng } = m;
  const held = [...(m.holdings.get(wallet) ?? [])]
    .map((s) => m.tokens.get(s))
    .filter((t): t is MarketToken => Boolean(t && tradable(t, wallet, m.now)));
  const r = rng.next();
  const peer = peers.length > 1 ? rng.pick(peers).address : undefined;
  if (r < 0.06 && held.length > 0 && peer && peer !== wallet) {
    const token = rng.pick(held);
    if (tradable(token, peer, m.now) && !token.sellsRevert)
      return { kind: 'transfer', wallet, token, to: peer };
  }
  if (r >= 0.06 && r < 0.09 && peer && peer !== wallet) return { kind: 'eth', wallet, to: peer };
  const candidates = [...m.tokens.values()].filter((t) => t.weight > 0 && tradable(t, wallet, m.now));
  if (candidates.length === 0) return undefined;
  const token = rng.weighted(candidates.map((t) => [t, t.weight] as const));
  const holds = m.holdings.get(wallet)?.has(token.symbol) ?? false;
  if (holds && rng.chance(token.sellsRevert ? 0.12 : 0.45)) return { kind: 'sell', wallet, token };
  return { kind: 'buy', wallet, token };
}

/** ETH to spend so that the wallet receives at most `maxTokens` (ignoring other trades in the block). */
function capBuy(ethIn: bigint, maxTokens: bigint, r: Reserves): bigint {
  if (maxTokens <= 0n) return 0n;
  if (amountOut(ethIn, r.weth, r.token) <= maxTokens) return ethIn;
  return amountIn(maxTokens, r.weth, r.token);
}

/**
 * Queues one round of routine trading for `count` wallets among `traders` active at `m.now`.
 * Returns the number of actions queued.
 */
export async function tradeRound(m: Market, traders: readonly TraderLike[], count: number): Promise<number> {
  // Wallets with a scripted action in this block sit out: their balances are about to change.
  const active = traders.filter((t) => t.firstActive <= m.now && !m.q.hasPending(t.address));
  if (active.length === 0 || count <= 0) return 0;
  const plans = pickWallets(m.rng, active, count)
    .map((t) => plan(m, t.address, active))
    .filter((p): p is Plan => Boolean(p));
  if (plans.length === 0) return 0;

  // One multicall (one round trip) for every reserve, token balance and ETH balance the plans need.
  const pairTokens = [...new Set(plans.flatMap((p) => (p.kind === 'eth' ? [] : [p.token])))];
  const balanceKeys: [MarketToken, Address][] = [];
  for (const p of plans) {
    if (p.kind === 'eth') continue;
    balanceKeys.push([p.token, p.wallet]);
    if (p.kind === 'transfer') balanceKeys.push([p.token, p.to]);
  }
  const wallets = [...new Set(plans.map((p) => p.wallet))];
  const results = await readMany(m, [
    ...pairTokens.map((t) => reservesRead(t.pair)),
    ...balanceKeys.map(([t, w]) => balanceRead(t.address, w)),
    ...wallets.map((w) => ethBalanceRead(m, w)),
  ]);
  const reserves = new Map<string, Reserves>();
  pairTokens.forEach((t, i) => {
    reserves.set(t.symbol, orientReserves(m, t.address, results[i]));
  });
  const balances = new Map<string, bigint>();
  balanceKeys.forEach(([t, w], i) => {
    balances.set(`${t.symbol}:${w}`, results[pairTokens.length + i] as bigint);
  });
  const ethOffset = pairTokens.length + balanceKeys.length;
  const ethBalance = new Map(wallets.map((w, i) => [w, results[ethOffset + i] as bigint]));

  // Tokens already headed to a wallet in this round, so two actions cannot together break a cap.
  const incoming = new Map<string, bigint>();
  const addIncoming = (key: string, v: bigint) => incoming.set(key, (incoming.get(key) ?? 0n) + v);
  let queued = 0;
  for (const p of plans) {
    const spendable = (ethBalance.get(p.wallet) ?? 0n) - GAS_RESERVE;
    if (p.kind === 'eth') {
      const value = scale(spendable, m.rng.range(0.02, 0.2));
      if (value < MIN_BUY) continue;
      m.q.add({ from: p.wallet, to: p.to, value, gas: GAS.ethTransfer, label: 'send ETH' });
      queued++;
      continue;
    }
    const bal = balances.get(`${p.token.symbol}:${p.wallet}`) ?? 0n;
    const r = reserves.get(p.token.symbol);
    if (!r || r.weth === 0n || r.token === 0n) continue;
    if (p.kind === 'transfer') {
      let amount = scale(bal, m.rng.range(0.05, 0.4));
      if (p.token.maxTx !== undefined && amount > (p.token.maxTx * 9n) / 10n)
        amount = (p.token.maxTx * 9n) / 10n;
      const toKey = `${p.token.symbol}:${p.to}`;
      const toBal = (balances.get(toKey) ?? 0n) + (incoming.get(toKey) ?? 0n);
      if (p.token.maxHolding !== undefined && toBal + amount > p.token.maxHolding) continue;
      if (amount <= 0n) continue;
      addIncoming(toKey, amount);
      transferToken(m, p.wallet, p.token, p.to, amount);
      queued++;
      continue;
    }
    if (p.kind === 'sell') {
      if (bal === 0n) {
        m.holdings.get(p.wallet)?.delete(p.token.symbol);
        continue;
      }
      const frac = m.rng.weighted([
        [0.25, 3],
        [0.5, 3],
        [1, 4],
      ] as const);
      let amount = frac === 1 ? bal : scale(bal, frac);
      // Keep single sells from emptying a pool; respect max-transaction limits.
      if (amount > r.token / 8n) amount = r.token / 8n;
      if (p.token.maxTx !== undefined && amount > (p.token.maxTx * 9n) / 10n)
        amount = (p.token.maxTx * 9n) / 10n;
      // Dust would swap for zero WETH, which the pair rejects; worth nothing anyway.
      if (amountOut(scale(amount, 0.7), r.token, r.weth) < MIN_SELL_OUT) continue;
      if (amount === bal) m.holdings.get(p.wallet)?.delete(p.token.symbol);
      sell(m, p.wallet, p.token, amount, { allowRevert: p.token.sellsRevert });
      queued++;
      continue;
    }
    // Buy: heavy-tailed size, capped by pool depth, the wallet's ETH and the token's limits.
    let ethIn = eth(Math.min(3, m.rng.logNormal(0.12, 1) * p.token.buyScale));
    if (ethIn > r.weth / 30n) ethIn = r.weth / 30n;
    if (ethIn > scale(spendable, 0.5)) ethIn = scale(spendable, 0.5);
    const key = `${p.token.symbol}:${p.wallet}`;
    if (p.token.maxHolding !== undefined) {
      ethIn = capBuy(ethIn, p.token.maxHolding - bal - (incoming.get(key) ?? 0n), r);
    }
    if (p.token.maxTx !== undefined) ethIn = capBuy(ethIn, (p.token.maxTx * 8n) / 10n, r);
    if (ethIn < MIN_BUY) continue;
    addIncoming(key, amountOut(ethIn, r.weth, r.token));
    buy(m, p.wallet, p.token, ethIn);
    queued++;
  }
  return queued;
}
