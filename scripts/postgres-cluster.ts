/**
 * A throw-away Postgres server for the tests and `npm run bench -- --replicas N`: Debian's
 * `postgresql` binaries, initdb into a temp directory, pg_ctl on a free port, trust authentication
 * on 127.0.0.1 only; removed on stop.
 * Run as the current user — except root, which Postgres refuses: then as the `postgres` system
 * user (runuser), with the directory handed to it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PostgresCluster = { url: string; port: number; dir: string; stop(): Promise<void> };

/** The directory holding initdb and pg_ctl, or undefined when Postgres is not installed. */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  const lib = '/usr/lib/postgresql';
  if (fs.existsSync(lib)) {
    const versions = fs
      .readdirSync(lib)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(path.join(lib, v, 'bin'));
  }
  for (const p of (process.env.PATH ?? '').split(':')) if (p) candidates.push(p);
  return candidates.find(
    (d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl')),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-pg-'));
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error?.message}`);
    return r.stdout;
  };
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres', dir]);
  }
  run('initdb', ['-D', data, '-U', 'flab', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=64MB',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://flab@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
