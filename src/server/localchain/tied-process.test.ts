import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTied } from './tied-process';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const posix = process.platform !== 'win32';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-tied-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('spawnTied', () => {
  it.skipIf(!posix)(
    'runs the helper whole at the given nice value and passes its stdout through',
    async () => {
      const { child, closed } = spawnTied(
        process.execPath,
        // process.stdout.write, not console.log: console.log colours a number when FORCE_COLOR is set
        // (npm test sets it outside CI), and "\x1b[33m10\x1b[39m" is not a number.
        ['-e', 'process.stdout.write(require("node:os").getPriority() + "\\n")'],
        10,
      );
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
      });
      expect(await closed).toBe(0);
      // Relative to ours: a test runner that is itself niced gives its children its own value plus 10.
      expect(Number(out.trim())).toBe(Math.min(19, os.getPriority() + 10));
    },
  );

  it('reports the helper exit code', async () => {
    const { closed } = spawnTied(process.execPath, ['-e', 'process.exit(3)'], 10);
    expect(await closed).toBe(3);
  });

  it.skipIf(!posix)(
    'kills the helper when the process that started it is SIGKILLed',
    async () => {
      const parentScript = path.join(dir, 'parent.ts');
      fs.writeFileSync(
        parentScript,
        [
          `import { spawnTied } from ${JSON.stringify(path.resolve(import.meta.dirname, 'tied-process.ts'))};`,
          `const { child } = spawnTied(process.execPath, ['-e', 'process.stdout.write(process.pid + "\\\\n"); setInterval(() => {}, 1000)'], 10);`,
          `child.stdout.on('data', (d) => process.stdout.write(d));`,
        ].join('\n'),
      );
      const parent = spawn(process.execPath, ['--import', 'tsx', parentScript], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const helperPid = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout?.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(Number(out.trim()));
        });
        parent.once('exit', () => reject(new Error('the parent exited first')));
      });
      expect(alive(helperPid)).toBe(true);
      parent.kill('SIGKILL');
      const deadline = Date.now() + 5_000;
      while (alive(helperPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(alive(helperPid)).toBe(false);
    },
    30_000,
  );
});
