/**
 * One token's facts gather, as the engine's cache loads it: the head read (local chain: with the
 * token's basics in one batch), the index caught up or the token's backfill waited for within its
 * share of the budget, then gatherTokenFacts within the whole budget.
 */
import { type Address, BaseError } from 'viem';
import { readHead } from '../chain/client';
import { inRpcStage } from '../chain/rpc-stage';
import { ChainUnavailableError, isAppError } from '../errors';
import { gatherTokenFacts } from '../facts/gather';
import { readTokenBasics } from '../facts/token-reads';
import type { TokenReportFacts } from '../facts/types';
import { BACKFILL_WAIT_MS } from './backfill';
import type { EngineState } from './engine-state';

/** How long a request waits for the indexer to reach the head before using what it has. */
const INDEX_WAIT_MS = 3_000;
/**
 * Shares of the budget: a first-seen token's backfill is waited for at most until BACKFILL_SHARE
 * of it has gone (then holders read "indexing, N% done"); simulations are given up on at
 * SIMULATION_SHARE, leaving the rest for the reads after them.
 */
const BACKFILL_SHARE = 0.5;
const SIMULATION_SHARE = 0.7;

/**
 * The gather, or a 503 once the budget is spent: its core reads (token, pools, prices) are needed
 * for any answer, so a chain too slow for them gets "try again", not a report built on guesses.
 */
async function withinBudget<T>(p: Promise<T>, at: number, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ChainUnavailableError(
            `The chain RPC is too slow: the report could not be gathered within its ${(budgetMs / 1000).toFixed(1)} s budget. Try again shortly.`,
          ),
        ),
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  });
  p.catch(() => {});
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * The index as far as this token needs it: the local chain's indexer near the head (bounded wait);
 * Base: the token indexed first (bounded wait). A backfill that is not done in time leaves a
 * partial result ("holders: indexing, N% done"), never a wrong count.
 */
async function catchUpIndex(state: EngineState, address: Address, started: number): Promise<void> {
  const { opts, backfill, head } = state;
  if (opts.indexer && !backfill && head >= 0n && opts.indexer.indexedBlock() < head) {
    await opts.indexer.waitForBlock(head, INDEX_WAIT_MS);
  }
  if (backfill?.refresh && head >= 0n) await backfill.refresh(address, head);
  if (backfill && head >= 0n && !backfill.complete(address, head)) {
    const waitMs = Math.min(BACKFILL_WAIT_MS, started + state.budgetMs * BACKFILL_SHARE - Date.now());
    await backfill.ensure(address, { head, waitMs: Math.max(0, waitMs) });
  }
}

/** A fresh gather of the token's facts (the cache's loader). */
export async function gatherFacts(state: EngineState, address: Address): Promise<TokenReportFacts> {
  const { opts, reads, budgetMs, backfill } = state;
  state.counts.gathers++;
  const started = Date.now();
  // Asked beside the gather (its own batch, at most once per 15 s), read when the facts are in.
  state.provider?.peek();
  // Local chain: the token's basics (code, name, supply, owner, block) need nothing from the
  // index, so they leave with the head read in one JSON-RPC batch (one round trip, not two).
  // Base mode keeps them with the factories' pool look-up (gather.ts), which needs no head.
  const basics =
    opts.network.mode === 'local'
      ? inRpcStage('basics', () => readTokenBasics(reads, address.toLowerCase() as Address))
      : undefined;
  basics?.catch(() => {});
  state.head = await inRpcStage('head', () =>
    readHead(opts.chain, opts.chain.headCacheMs, basics ? reads : opts.chain.public),
  ).catch(() => state.head);
  await catchUpIndex(state, address, started);
  let f: TokenReportFacts;
  try {
    const deadline = { at: started + budgetMs * SIMULATION_SHARE, budgetMs };
    f = await withinBudget(
      gatherTokenFacts({ ...state.deps, deadline, ...(basics ? { basics } : {}) }, address),
      started + budgetMs,
      budgetMs,
    );
  } catch (e) {
    // An RPC failure that escaped a reader is the chain's fault: a retryable 503, not a 500.
    if (!isAppError(e) && e instanceof BaseError) {
      throw new ChainUnavailableError('The chain RPC failed while reading the token.', e);
    }
    throw e;
  }
  if (backfill) f.holders.index = backfill.status(address, state.head);
  const provider = state.provider?.peek();
  if (provider) f.provider = provider;
  state.versions.set(f, Date.now());
  opts.log.debug({ msg: 'token facts gathered', token: address, duration_ms: Date.now() - started });
  return f;
}
