/**
 * The HTTP app on the saved test scenario (scenario-runtime.ts), as the API integration files use
 * it: runtime, Fastify app (requests by `inject`, no port), manifest, and one `stop` that closes
 * both in order. Test support only.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { expect } from 'vitest';
import type { TokenReport } from '../../shared/analysis';
import type { ScenarioManifest } from '../../shared/scenario';
import { type CreateAppOptions, createApp } from '../api/app';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { startScenarioRuntime } from './scenario-runtime';

export type ScenarioApp = {
  runtime: Runtime;
  app: FastifyInstance;
  manifest: ScenarioManifest;
  stop: () => Promise<void>;
};

/** Starts the runtime on a copy of the saved scenario and the app on it (`app`: extra createApp options). */
export async function startScenarioApp(
  opts: { log?: Logger; env?: Record<string, string>; app?: Partial<CreateAppOptions> } = {},
): Promise<ScenarioApp> {
  const log = opts.log ?? pino({ level: 'silent' });
  const runtime = await startScenarioRuntime({ log, env: opts.env });
  try {
    const app = await createApp({ ...runtime, log, ...opts.app });
    const manifest = runtime.localChain?.manifest;
    if (!manifest) throw new Error('the test scenario has no manifest');
    return {
      runtime,
      app,
      manifest,
      stop: async () => {
        try {
          await app.close();
        } finally {
          await runtime.stop();
        }
      },
    };
  } catch (e) {
    await runtime.stop();
    throw e;
  }
}

/** `GET /api/tokens/:address/report` through `app()`, asserted 200, each token's answer kept. */
export function cachedReports(app: () => FastifyInstance): (address: string) => Promise<TokenReport> {
  const reports = new Map<string, TokenReport>();
  return async (address) => {
    const hit = reports.get(address);
    if (hit) return hit;
    const res = await app().inject({ method: 'GET', url: `/api/tokens/${address}/report` });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TokenReport;
    reports.set(address, r);
    return r;
  };
}
