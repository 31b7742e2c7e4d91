/**
 * The unit project runs its files in shared workers without isolation (vitest.config.ts: most of
 * its time was spent importing the same modules again for each file). What one file may change of
 * the worker's global state is put back after it, so the next file starts as if alone. A file that
 * replaces a module (vi.mock) cannot share a module registry and is named *.isolated.test.ts.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
