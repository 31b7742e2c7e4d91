import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-db-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('is created beside its place and moved there whole; leftovers of a killed creation go', async () => {
    const dir = path.join(root, 'db');
    // What a start killed during PGlite's initdb leaves behind.
    const leftover = path.join(root, 'db.creating-99999');
    fs.mkdirSync(leftover);
    fs.writeFileSync(path.join(leftover, 'PG_VERSION'), '17\n');
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(fs.existsSync(leftover)).toBe(false);
      expect(fs.readdirSync(root).filter((f) => f.includes('.creating-'))).toEqual([]);
      await database.db.execute(sql`create table kept (n int)`);
      await database.db.execute(sql`insert into kept values (7)`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const r = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] };
      expect(r.rows).toEqual([{ n: 7 }]);
      expect(await again.ping()).toBe(true);
    } finally {
      await again.close();
    }
  });
});
