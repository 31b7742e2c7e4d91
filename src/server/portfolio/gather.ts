/**
 * Portfolio and wallet-stats gatherers: the wallet's tokens from the indexed balances, each
 * checked with balanceOf through Multicall3, market figures and scores from the engine, and the
 * wallet's history (first seen, transactions, swaps, gas) from the index and receipts.
 */

import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Address } from 'viem';
import { type VerdictHeadline, verdictHeadline } from '../../shared/analysis';
import type { Holding, Portfolio, WalletStats } from '../../shared/portfolio';
import type { ShownBand } from '../../shared/vocabulary';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Database, Db } from '../db/client';
import { rowsOf, swapSideOf } from '../db/rows';
import type { TokenEngine } from '../engine/token-engine';
import { AppError, ChainUnavailableError } from '../errors';
import { erc20Abi } from '../facts/abis';
import type { TokenReportFacts } from '../facts/types';
import type { Logger } from '../logger';
import {
  allocations,
  avgFlabScore,
  diversificationScore,
  isProfitable,
  portfolioRiskLevel,
  riskProfile,
  totalChange24h,
  totalValue,
  unpricedCount,
  type WalletTrade,
} from './portfolio-math';

/** What this domain tool needs: the engine, the database and the chain — never the API layer. */
export type PortfolioDeps = {
  database: Database;
  chain: ChainClients;
  network: NetworkDescription;
  engine: TokenEngine;
  log: Logger;
};

/** Receipts fetched at most per wallet-stats request (gas spent is summed over these). */
export const MAX_GAS_RECEIPTS = 200;

/** Tokens the index says the wallet holds or held (balance may be 0). */
export async function readWalletTokens(db: Db, wallet: string, onlyPositive: boolean): Promise<string[]> {
  const r = rowsOf(
    await db.execute(
      onlyPositive
        ? sql`select token from balances where holder = ${wallet} and balance > 0 order by token`
        : sql`select token from balances where holder = ${wallet} order by token`,
    ),
  );
  return r.map((x) => String(x.token));
}

type OnChainToken = {
  token: Address;
  balance: bigint;
  decimals: number | null;
  symbol: string;
  name: string;
};

/** balanceOf, decimals, symbol and name of each token in one Multicall3 round trip. */
export async function readOnChainBalances(
  deps: Pick<PortfolioDeps, 'chain'>,
  wallet: Address,
  tokens: readonly string[],
): Promise<OnChainToken[]> {
  if (tokens.length === 0) return [];
  const calls = tokens.flatMap((t) => [
    { address: t as Address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] } as const,
    { address: t as Address, abi: erc20Abi, functionName: 'decimals' } as const,
    { address: t as Address, abi: erc20Abi, functionName: 'symbol' } as const,
    { address: t as Address, abi: erc20Abi, functionName: 'name' } as const,
  ]);
  let res: { status: string; result?: unknown }[];
  try {
    res = await deps.chain.public.multicall({ contracts: calls as never, allowFailure: true });
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of wallet balances.', cause);
  }
  const out: OnChainToken[] = [];
  tokens.forEach((t, i) => {
    const get = (k: number) => {
      const r = res[i * 4 + k];
      return r?.status === 'success' ? r.result : undefined;
    };
    const balance = get(0) as bigint | undefined;
    if (balance === undefined) return;
    const dec = get(1);
    out.push({
      token: t as Address,
      balance,
      // A token that does not answer decimals() keeps them unknown (no balance or value from a guess).
      decimals: typeof dec === 'number' ? dec : null,
      symbol: typeof get(2) === 'string' ? (get(2) as string) : '?',
      name: typeof get(3) === 'string' ? (get(3) as string) : 'Unknown token',
    });
  });
  return out;
}

type TokenMarket = {
  facts: TokenReportFacts | null;
  score: number | null;
  /** The score's band under the token's verdict, as the report decided it (the page colours by it). */
  band: ShownBand | null;
  verdict: VerdictHeadline | null;
};

async function tokenMarket(deps: PortfolioDeps, token: Address): Promise<TokenMarket> {
  const [facts, analysed] = await Promise.all([
    deps.engine.facts(token).catch((e) => {
      deps.log.debug({ msg: 'portfolio: facts unavailable', token, err: (e as Error).message });
      return null;
    }),
    deps.engine
      .report(token)
      .then((r) => ({
        score: r.flabScore.flabScore,
        band: r.flabScore.bands.score,
        verdict: verdictHeadline(r.verdict),
      }))
      .catch(() => null),
  ]);
  return {
    facts,
    score: analysed?.score ?? null,
    band: analysed?.band ?? null,
    verdict: analysed?.verdict ?? null,
  };
}

const tokensToNumber = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

/**
 * A token's address typed as a wallet holds nothing, and "$0.00 · No tokens found" would read as a
 * finding about it: say what it is instead (422). A contract that is no token (a smart wallet, a
 * Safe) is a wallet and gets its empty portfolio as usual. Asked only when nothing is held, so a
 * real wallet pays no extra read.
 */
async function refuseTokenAsWallet(deps: PortfolioDeps, wallet: Address): Promise<void> {
  const code = await deps.chain.public.getCode({ address: wallet }).catch(() => undefined);
  if (!code || code === '0x') return;
  const [supply, symbol] = await deps.chain.public.multicall({
    contracts: [
      { address: wallet, abi: erc20Abi, functionName: 'totalSupply' },
      { address: wallet, abi: erc20Abi, functionName: 'symbol' },
    ],
  });
  if (supply?.status !== 'success') return;
  const sym = symbol?.status === 'success' ? cleanSymbol(symbol.result) : null;
  throw new AppError(
    'not_a_wallet',
    `${wallet} is a token contract${sym ? ` (${sym})` : ''}, not a wallet: open its analysis instead.`,
    { status: 422, details: { token: wallet, symbol: sym } },
  );
}

/** A chain-written symbol, safe to put in a message: printable, short. */
function cleanSymbol(s: unknown): string | null {
  if (typeof s !== 'string') return null;
  const t = s
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 16);
  return t || null;
}

export async function gatherPortfolio(deps: PortfolioDeps, wallet: Address): Promise<Portfolio> {
  const indexed = await readWalletTokens(deps.database.db, wallet, true);
  const onChain = (await readOnChainBalances(deps, wallet, indexed)).filter((t) => t.balance > 0n);
  if (onChain.length === 0) await refuseTokenAsWallet(deps, wallet);
  const markets = await pLimit(4).map(onChain, (t) => tokenMarket(deps, t.token));

  const base = onChain.map((t, i) => {
    const m = markets[i] as TokenMarket;
    const pool = m.facts?.mainPool ?? null;
    const price = pool?.priceUsd ?? null;
    const balance = t.decimals === null ? null : tokensToNumber(t.balance, t.decimals);
    const supply = m.facts?.token.totalSupply ?? null;
    const unknownReason =
      t.decimals === null
        ? 'The token does not answer decimals(), so its balance and value are unknown.'
        : price === null
          ? 'No priced pool for this token, so its value is unknown.'
          : null;
    return {
      address: t.token,
      symbol: m.facts?.token.symbol ?? t.symbol,
      name: m.facts?.token.name ?? t.name,
      isVerified: m.facts?.token.verification.status === 'verified',
      value: price === null || balance === null ? null : balance * price,
      change24h: pool?.priceChange24hPct ?? null,
      balance,
      balanceRaw: t.balance.toString(),
      decimals: t.decimals,
      price,
      flabScore: m.score,
      bands: { flabScore: m.band },
      allocation: null as number | null,
      marketCap:
        price === null || supply === null || t.decimals === null
          ? null
          : tokensToNumber(supply, t.decimals) * price,
      volume24h: pool?.volume24hUsd ?? null,
      holders: m.facts?.holders.holderCount ?? null,
      verdict: m.verdict,
      unknownReason,
    } satisfies Holding;
  });
  const alloc = allocations(base);
  const holdings = base
    .map((h, i) => ({ ...h, allocation: alloc[i] ?? null }))
    // Priced holdings by value; unpriced ones after them (their value is unknown, not 0).
    .sort((a, b) => (b.value ?? -1) - (a.value ?? -1));
  const avg = avgFlabScore(holdings);
  return {
    address: wallet,
    totalValue: totalValue(holdings),
    totalChange24h: totalChange24h(holdings),
    tokenCount: holdings.length,
    riskLevel: portfolioRiskLevel(avg),
    avgFlabScore: avg,
    diversificationScore: diversificationScore(holdings),
    unpricedCount: unpricedCount(holdings),
    unscoredCount: holdings.filter((h) => h.flabScore === null).length,
    holdings,
    method:
      'Tokens from the indexed balances, each confirmed with balanceOf via Multicall3; value = balance × pool price (token→WETH→USD); ' +
      'avgFlabScore value-weighted; risk bands 80/60/40; diversification = 100 × (1 − Σ share²).',
  };
}

/** The wallet's swaps in one pair (buys paid to it, sells it paid into the pair). */
export async function readWalletTrades(
  db: Db,
  wallet: string,
  pair: string,
  token: string,
  tokenIs0: boolean,
): Promise<WalletTrade[]> {
  const r = rowsOf(
    await db.execute(sql`
      select s.recipient, s.amount0_in::text a0i, s.amount1_in::text a1i, s.amount0_out::text a0o, s.amount1_out::text a1o,
             exists(select 1 from transfers t where t.tx_hash = s.tx_hash and t.token = ${token}
                    and t.from_addr = ${wallet} and t.to_addr = ${pair}) as sold
      from swaps s
      where s.pair = ${pair} and (s.recipient = ${wallet} or s.tx_hash in
        (select t.tx_hash from transfers t where t.token = ${token} and t.from_addr = ${wallet} and t.to_addr = ${pair}))`),
  );
  const out: WalletTrade[] = [];
  for (const x of r) {
    const t = swapSideOf(x, tokenIs0);
    if (t.side === 'buy' && String(x.recipient) === wallet) out.push(t);
    else if (t.side === 'sell' && t.tokenAmount > 0n && (x.sold === true || x.sold === 't')) out.push(t);
  }
  return out;
}

export async function gatherWalletStats(deps: PortfolioDeps, wallet: Address): Promise<WalletStats> {
  const db = deps.database.db;
  const client = deps.chain.public;
  let head: { timestamp: bigint };
  let nonce: number;
  try {
    [head, nonce] = await Promise.all([client.getBlock(), client.getTransactionCount({ address: wallet })]);
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC did not answer for the wallet.', cause);
  }
  const now = Number(head.timestamp);
  const seen = rowsOf(
    await db.execute(sql`select first_ts from wallet_first_seen where address = ${wallet}`),
  )[0];
  const firstSeenAt = seen ? Number(seen.first_ts) : null;

  const txRows = rowsOf(
    await db.execute(sql`
      select tx_hash, max(ts) as ts from (
        select tx_hash, ts from transfers where from_addr = ${wallet} or to_addr = ${wallet}
        union all select tx_hash, ts from swaps where sender = ${wallet} or recipient = ${wallet}
        union all select tx_hash, ts from liquidity_events where sender = ${wallet} or recipient = ${wallet}
      ) x group by tx_hash order by max(ts) desc`),
  );
  const txHashes = txRows.map((x) => String(x.tx_hash) as `0x${string}`);

  // Gas: receipts of the most recent indexed transactions the wallet sent.
  const recent = txHashes.slice(0, MAX_GAS_RECEIPTS);
  const receipts = await pLimit(8).map(recent, (hash) =>
    client.getTransactionReceipt({ hash }).catch(() => null),
  );
  let gasWei = 0n;
  let counted = 0;
  for (const r of receipts) {
    if (!r || r.from.toLowerCase() !== wallet) continue;
    gasWei += r.gasUsed * r.effectiveGasPrice;
    counted++;
  }
  const gasSpent = Number(gasWei) / 1e18;

  // Holdings (for the risk profile) and cost basis per token from the wallet's swaps.
  const portfolio = await gatherPortfolio(deps, wallet);
  const weth = deps.network.contracts.weth.toLowerCase();
  const traded = await readWalletTokens(db, wallet, false);
  const pairRows = traded.length
    ? rowsOf(
        await db.execute(sql`select pair, token0, token1 from pairs
          where (token0 in ${traded} and token1 = ${weth}) or (token1 in ${traded} and token0 = ${weth})`),
      )
    : [];
  const held = new Map(portfolio.holdings.map((h) => [h.address.toLowerCase(), h.balance]));
  let profitableTokens = 0;
  let tradedTokens = 0;
  for (const p of pairRows) {
    const pair = String(p.pair);
    const tokenIs0 = String(p.token1) === weth;
    const token = tokenIs0 ? String(p.token0) : String(p.token1);
    const trades = await readWalletTrades(db, wallet, pair, token, tokenIs0);
    if (!trades.some((t) => t.side === 'buy')) continue;
    tradedTokens++;
    const facts = await deps.engine.facts(token as Address).catch(() => null);
    const pool = facts?.pools.find((x) => x.pair.toLowerCase() === pair) ?? null;
    const dec = facts?.token.decimals ?? null;
    const priceInWeth =
      pool && pool.tokenReserve > 0n && dec !== null
        ? Number(pool.quoteReserve) / 1e18 / (Number(pool.tokenReserve) / 10 ** dec)
        : null;
    if (isProfitable(trades, held.get(token) ?? 0, priceInWeth)) profitableTokens++;
  }

  // USD per ETH from the USD token's WETH pool: its USD price over its WETH price.
  const ethUsd = await deps.engine
    .facts(deps.network.contracts.usd as Address)
    .then((f) => {
      const p = f.mainPool;
      return p?.priceUsd && p.priceEth && p.quoteToken.toLowerCase() === weth
        ? p.priceUsd / p.priceEth
        : null;
    })
    .catch(() => null);

  return {
    address: wallet,
    walletAge: firstSeenAt === null ? null : Math.max(0, Math.floor((now - firstSeenAt) / 86_400)),
    firstSeenAt,
    totalTransactions: txHashes.length,
    sentTransactions: nonce,
    profitableTokens,
    tradedTokens,
    riskProfile: riskProfile(portfolio.holdings),
    gasSpent,
    gasSpentUsd: ethUsd === null ? null : gasSpent * ethUsd,
    gasMethod:
      `Σ gasUsed × effectiveGasPrice over the receipts of ${counted} transaction(s) sent by this wallet among the ` +
      `${Math.min(txHashes.length, MAX_GAS_RECEIPTS)} most recent indexed ones with a token transfer, swap or liquidity event` +
      `${txHashes.length > MAX_GAS_RECEIPTS ? ` (capped from ${txHashes.length})` : ''}; transactions without such events (plain ETH sends, approvals) are not found.`,
  };
}
