/**
 * The one Drizzle schema. Money and token amounts are `numeric` (never floats); addresses are
 * lowercase hex text. Migrations are generated from this file by `npm run db:generate`.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about this installation, e.g. which chain the index was built from. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
