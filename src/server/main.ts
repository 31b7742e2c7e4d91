/**
 * `npm start`: config → database → chain (+ scenario) → HTTP. Every start-up failure ends with one
 * sentence naming the cause and a non-zero exit; Ctrl-C stops everything, the anvil child included.
 */
import net from 'node:net';
import { createApp } from './api/app';
import { loadConfig } from './config';
import { isAppError, StartupError } from './errors';
import { createLogger } from './logger';
import { startApiRuntime, startWorkerRuntime, type WorkerRuntime } from './roles';
import { type Runtime, startRuntime } from './runtime';
import { createStartProgress } from './start-progress';

async function assertPortFree(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new StartupError(
              `Port ${port} is already in use; stop the other program or set PORT to a free port.`,
            )
          : err.code === 'EACCES'
            ? new StartupError(
                `Port ${port} needs privileges this user does not have; set PORT to a number above 1024.`,
              )
            : new StartupError(`Port ${port} cannot be opened (${err.code ?? err.message}).`),
      );
    });
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}

function fail(e: unknown): never {
  const message = isAppError(e)
    ? e.message
    : `FLAB Hub could not start: ${(e as Error)?.message ?? String(e)}`;
  process.stderr.write(`\n${message}\n`);
  if (process.env.LOG_LEVEL === 'debug' && e instanceof Error && e.cause) console.error(e.cause);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    fail(e);
  }
  const log = createLogger(config.logLevel);
  const progress = createStartProgress(log);
  progress.phase('config');
  let runtime: Runtime | undefined;
  let worker: WorkerRuntime | undefined;
  let shuttingDown = false;

  const shutdown = async (signal: string, code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ msg: 'shutting down', signal });
    const force = setTimeout(() => process.exit(code || 1), 20_000);
    try {
      await app?.close();
      await runtime?.stop();
      await worker?.stop();
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  // Installed before the chain starts so Ctrl-C during a cold start still stops anvil.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('uncaughtException', (err) => {
    log.fatal({ msg: 'uncaught exception', err });
    void shutdown('uncaughtException', 1);
  });

  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  if (config.role === 'worker') {
    // No HTTP: a worker stands by or leads; a lost leadership ends it (its supervisor restarts it
    // as a standby) rather than leave an indexer that might still write beside the new leader.
    try {
      worker = await startWorkerRuntime(config, log, {
        onLeadershipLost: () => void shutdown('leadership lost', 1),
      });
      progress.phase('worker', `standing by as ${config.workerId}`);
      await worker.leading;
      progress.phase('leader', `leading as ${config.workerId}`);
    } catch (e) {
      if (shuttingDown) return;
      await worker?.stop().catch(() => {});
      fail(e);
    }
    return;
  }
  try {
    await assertPortFree(config.port, config.host);
    runtime =
      config.role === 'api'
        ? await startApiRuntime(config, log)
        : await startRuntime(config, log, { progress, deferVerification: true });
    if (shuttingDown) return;
    app = await createApp({
      ...runtime,
      log,
      webDir: config.webDir,
      airdropAdminToken: config.airdropAdminToken,
      community: config.community,
      backgroundRefresh: true,
      coldLimits: {
        ratePerMinute: config.coldRatePerMinute,
        concurrency: config.coldConcurrency,
        maxQueued: config.coldQueueMax,
        waitMs: config.coldQueueWaitMs,
        // On Postgres the limits hold across every API process (ADR 0038); a dead process's slot
        // is free again after three report budgets.
        shared:
          runtime.database.kind === 'postgres'
            ? { leaseMs: 3 * config.reportBudgetMs, holder: config.workerId }
            : undefined,
      },
      trustProxy: config.trustProxy,
    });
    await app.listen({ port: config.port, host: config.host });
    progress.phase('http', `listening on port ${config.port}`);
    runtime.afterListen();
  } catch (e) {
    await runtime?.stop().catch(() => {});
    fail(e);
  }
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log.info({
    msg: `FLAB Hub is running at http://${shown}:${config.port} (started in ${(progress.elapsedMs() / 1000).toFixed(1)} s)`,
    mode: runtime.network.mode,
  });
}

void main();
