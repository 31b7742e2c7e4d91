import { defineConfig } from 'vitest/config';

// Four projects, all run by `npm test`:
//   unit         pure code, no I/O, no wall clock (fake timers): *.test.ts beside the code, scripts/*.test.ts;
//                unit-isolated: those of them that replace a module (vi.mock), *.isolated.test.ts
//   integration  real anvil + in-memory PGlite: *.int.test.ts beside the code they exercise, and
//                tests/integration/ for those that cross areas
//   e2e          the built app in headless Chromium: tests/e2e/*.e2e.test.ts
export default defineConfig({
  resolve: { alias: { '@shared': new URL('./src/shared', import.meta.url).pathname } },
  test: {
    // The default output, then each project's wall time (tests/support/project-times.ts).
    reporters: ['default', './tests/support/project-times.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', 'src/**/*.isolated.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Files share their workers' module registry: with isolation, importing the same modules
          // again for each of ~120 files was 60% of the project's time. What a file changes of the
          // global state is put back after it (tests/support/unit-setup.ts).
          isolate: false,
          setupFiles: ['tests/support/unit-setup.ts'],
          // solc compiles and property runs take seconds on a busy 2-core machine: fail on behaviour, not speed.
          testTimeout: 30_000,
          // PGlite's start in a worker thread takes ~1 s idle and over 10 s on a loaded 2-core machine.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Unit files that replace a module (vi.mock) need a module registry of their own.
          name: 'unit-isolated',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.isolated.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['src/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
          // The test scenario built, indexed and saved once; files start from a copy of it.
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          // A page beside another file's renders slower than alone: polls wait up to 15 s, not 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // One built app on the test scenario and one Chromium for every e2e file.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Two files at a time: a page test mostly waits (network, rendering, polls), so the two
          // cores sit half idle with one. Nothing here may freeze or restart the shared app: a file
          // that must (chain-stopped, cold-line) starts an app of its own from its saved chain.
          maxWorkers: 2,
        },
      },
    ],
  },
});
