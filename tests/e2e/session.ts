/**
 * One e2e file's hold on the shared app and browser (tests/e2e/global-setup.ts): the beforeAll that
 * connects, the afterAll that lets go, and `ready()` for the tests — written once instead of in every
 * file. `setup` runs after connecting (warm-ups, reading the network) with the same session.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, sharedApp } from './app-harness';
import { connectBrowser } from './browser';

export type E2eSession = {
  app: RunningApp;
  baseUrl: string;
  browser: Browser;
  /** GET an API path of the app as JSON; a non-2xx answer throws with its body. */
  api: <T>(path: string) => Promise<T>;
};

/** Registers the file's hooks; returns `ready()`, which throws when the app or browser did not start. */
export function holdE2eSession(
  setup?: (s: E2eSession) => Promise<void>,
  hookTimeoutMs = 240_000,
): () => E2eSession {
  let session: E2eSession | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [app, b] = await Promise.all([sharedApp(), connectBrowser()]);
    browser = b;
    const api = async <T>(p: string): Promise<T> => {
      const res = await fetch(`${app.baseUrl}${p}`);
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const s = { app, baseUrl: app.baseUrl, browser: b, api };
    await setup?.(s);
    session = s;
  }, hookTimeoutMs);
  afterAll(async () => {
    await Promise.allSettled([browser?.close()]);
  }, hookTimeoutMs);
  return () => {
    if (!session) throw new Error('app or browser did not start');
    return session;
  };
}
