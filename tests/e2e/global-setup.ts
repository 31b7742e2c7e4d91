/**
 * The e2e project's one app and one browser (issue 34): the built app is started once on the test
 * scenario and Chromium once as a server; every e2e file then uses them (`sharedApp()`,
 * `connectBrowser()`) instead of building the scenario and launching Chromium itself. Files run one
 * at a time (fileParallelism: false); each test opens its own browser context (cookies, storage).
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startApp } from './app-harness';
import { CHROMIUM_ARGS, chromiumPath } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eApp: { baseUrl: string; pid: number; dataDir: string };
    e2eBrowserWs: string;
  }
}

export default async function setup(project: TestProject) {
  const [appStart, serverStart] = await Promise.allSettled([
    startApp(),
    chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ]);
  // One of the two failed: stop the other (an app left running here outlives the test run).
  if (appStart.status === 'rejected' || serverStart.status === 'rejected') {
    if (appStart.status === 'fulfilled') await appStart.value.stop();
    if (serverStart.status === 'fulfilled') await serverStart.value.close();
    throw appStart.status === 'rejected' ? appStart.reason : (serverStart as PromiseRejectedResult).reason;
  }
  const app = appStart.value;
  const server = serverStart.value;
  project.provide('e2eApp', { baseUrl: app.baseUrl, pid: app.pid, dataDir: app.dataDir });
  project.provide('e2eBrowserWs', server.wsEndpoint());
  return async () => {
    await Promise.allSettled([server.close(), app.stop()]);
  };
}
