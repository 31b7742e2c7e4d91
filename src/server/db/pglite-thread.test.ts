import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGliteThread, type PGliteThread } from './pglite-thread';

describe('PGlite in a worker thread', () => {
  let pg: PGliteThread;
  const slow: string[] = [];
  beforeAll(async () => {
    pg = openPGliteThread({ onSlowQuery: (sql) => slow.push(sql), slowMs: 0 });
    await pg.waitReady;
    await pg.exec('create table t (id int primary key, at timestamptz, n bigint, j jsonb)');
  });
  afterAll(() => pg.close());

  it('runs parameterised queries in object and array row modes', async () => {
    await pg.query('insert into t values ($1, $2, $3, $4)', [1, '2026-01-02T03:04:05Z', 5n, '{"a":1}']);
    const o = await pg.query('select id, n, j from t where id = $1', [1]);
    expect(o.rows).toEqual([{ id: 1, n: 5, j: { a: 1 } }]); // as PGlite gives it on any thread
    const a = await pg.query('select id from t', [], { rowMode: 'array' });
    expect(a.rows).toEqual([[1]]);
    expect(slow.length).toBeGreaterThan(0);
  });

  it('leaves as text the types a query names (drizzle maps timestamps itself)', async () => {
    const parsed = await pg.query('select at from t where id = 1');
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const raw = await pg.query('select at from t where id = 1', [], { parsers: { 1184: (v: string) => v } });
    expect(typeof (raw.rows[0] as { at: unknown }).at).toBe('string');
  });

  it('keeps the Postgres error code', async () => {
    await expect(pg.query('insert into t (id) values (1)')).rejects.toMatchObject({ code: '23505' });
  });

  it('commits a transaction, and rolls it back when the callback throws or asks', async () => {
    await pg.transaction(async (tx) => {
      await tx.query('insert into t (id) values (2)');
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('insert into t (id) values (3)');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await pg.transaction(async (tx) => {
      await tx.query('insert into t (id) values (4)');
      await tx.rollback();
    });
    const ids = await pg.query('select id from t order by id', [], { rowMode: 'array' });
    expect(ids.rows).toEqual([[1], [2]]);
  });

  it('runs a query from outside a transaction after it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await pg.transaction(async (tx) => {
      await tx.query('insert into t (id) values (5)');
      outside = pg.query('select count(*)::int n from t').then((r) => {
        order.push(`outside saw ${(r.rows[0] as { n: number }).n}`);
      });
      await new Promise((r) => setTimeout(r, 50));
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw 3']);
  });

  it('fails, without hanging, after it is closed', async () => {
    const other = openPGliteThread();
    await other.waitReady;
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});
