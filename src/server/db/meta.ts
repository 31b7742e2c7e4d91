import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema';

export async function getMeta<T>(db: Db, key: string): Promise<T | undefined> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return rows[0]?.value as T | undefined;
}

export async function setMeta(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
