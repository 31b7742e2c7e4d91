/**
 * Background job: resolve the creator of every token the index has seen, so "tokens deployed by
 * this wallet" and rug histories are complete before anyone asks. Local chain only (on Base the
 * index covers just the analysed tokens and their creators are resolved on demand).
 */
import type { PublicClient } from 'viem';
import type { Db } from '../db/client';
import { ensureDeployers, tokensWithoutCreator } from '../facts/deployers';
import type { Logger } from '../logger';

export const DEPLOYER_RESOLVE_INTERVAL_MS = 5_000;

export function startDeployerResolver(opts: {
  db: Db;
  client: PublicClient;
  log: Logger;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      const tokens = await tokensWithoutCreator(opts.db, 50);
      if (tokens.length) await ensureDeployers(opts.db, opts.client, tokens);
    } catch (e) {
      opts.log.warn({ msg: 'deployer resolution failed', err: (e as Error).message });
    }
  };
  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, opts.intervalMs ?? DEPLOYER_RESOLVE_INTERVAL_MS);
    });
  };
  timer = setTimeout(loop, 0);
  return {
    runOnce: tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
