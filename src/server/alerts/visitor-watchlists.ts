/**
 * Watchlists (issue 26): per visitor (a signed-in wallet or a browser client id), the tokens it
 * watches and the alert kinds it wants, and its webhook endpoint. Adding a token also puts it on
 * the alert monitor's list (monitored_tokens, every detector on), so its alerts are raised; which
 * ones reach this visitor is decided per watchlist (page and webhook deliveries).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MONITORED_ALERT_TYPES } from '../../shared/market-tools';
import {
  MAX_WATCH_ITEMS,
  WATCH_KINDS,
  type WatchAlert,
  type WatchItem,
  type WatchKind,
  type Watchlist,
  type WebhookCreated,
  type WebhookEndpoint,
} from '../../shared/watch';
import { markChanged } from '../db/changes';
import type { Db } from '../db/client';
import { monitoredTokens, securityAlerts, watchlistItems, watchlists, webhookEndpoints } from '../db/schema';
import { AppError, BadRequestError, NotFoundError } from '../errors';
import { rugSeverity } from './detectors';
import { watchKindOf } from './kinds';
import { toAlert } from './watch-list';
import { newWebhookSecret } from './webhooks/signature';
import {
  checkEndpointResolves,
  checkEndpointUrl,
  EndpointRefusedError,
  type WebhookMode,
} from './webhooks/url-guard';

export type WatchOwner = { kind: 'wallet' | 'client'; id: string };

const ALERT_LIMIT = 200;

async function findWatchlistId(db: Db, owner: WatchOwner): Promise<string | null> {
  const [row] = await db
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.ownerKind, owner.kind), eq(watchlists.ownerId, owner.id)));
  return row?.id ?? null;
}

async function ensureWatchlistId(db: Db, owner: WatchOwner): Promise<string> {
  const existing = await findWatchlistId(db, owner);
  if (existing) return existing;
  await db
    .insert(watchlists)
    .values({ id: randomUUID(), ownerKind: owner.kind, ownerId: owner.id })
    .onConflictDoNothing();
  const id = await findWatchlistId(db, owner);
  if (!id) throw new Error('watchlist insert returned no row');
  return id;
}

function toEndpoint(r: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return { id: r.id, url: r.url, secretHint: r.secret.slice(-4), createdAt: r.createdAt.getTime() };
}

export async function readWatchlist(db: Db, owner: WatchOwner): Promise<Watchlist> {
  const id = await findWatchlistId(db, owner);
  const base: Watchlist = {
    owner: { kind: owner.kind, wallet: owner.kind === 'wallet' ? owner.id : null },
    items: [],
    webhook: null,
  };
  if (!id) return base;
  const rows = await db
    .select({
      token: watchlistItems.token,
      kinds: watchlistItems.kinds,
      createdAt: watchlistItems.createdAt,
      symbol: monitoredTokens.symbol,
      name: monitoredTokens.name,
      rugScore: monitoredTokens.rugScore,
      lastCheckedAt: monitoredTokens.lastCheckedAt,
    })
    .from(watchlistItems)
    .leftJoin(monitoredTokens, eq(monitoredTokens.address, watchlistItems.token))
    .where(eq(watchlistItems.watchlistId, id))
    .orderBy(desc(watchlistItems.createdAt));
  const active = await activeAlerts(
    db,
    rows.map((r) => r.token),
  );
  const items: WatchItem[] = rows.map((r) => {
    const kinds = new Set(r.kinds as WatchKind[]);
    return {
      token: r.token,
      symbol: r.symbol ?? null,
      name: r.name ?? null,
      kinds: WATCH_KINDS.filter((k) => kinds.has(k)),
      addedAt: r.createdAt.getTime(),
      activeAlerts: active.filter((a) => a.tokenAddress === r.token && a.kind && kinds.has(a.kind)).length,
      riskLevel: r.rugScore === null || r.rugScore === undefined ? 'unknown' : rugSeverity(r.rugScore),
      lastCheckedAt: r.lastCheckedAt?.getTime() ?? null,
    };
  });
  const [ep] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.watchlistId, id));
  return { ...base, items, webhook: ep ? toEndpoint(ep) : null };
}

async function activeAlerts(db: Db, tokens: string[]) {
  if (!tokens.length) return [];
  const rows = await db
    .select({
      tokenAddress: securityAlerts.tokenAddress,
      type: securityAlerts.type,
      subject: securityAlerts.subject,
    })
    .from(securityAlerts)
    .where(and(inArray(securityAlerts.tokenAddress, tokens), isNull(securityAlerts.resolvedAt)));
  return rows.map((r) => ({ tokenAddress: r.tokenAddress, kind: watchKindOf(r.type, r.subject) }));
}

/** Add (or update the kinds of) a token; the caller has checked that it is an ERC-20 token. */
export async function upsertWatchItem(
  db: Db,
  owner: WatchOwner,
  token: { address: string; symbol: string | null; name: string | null },
  kinds: readonly WatchKind[],
): Promise<void> {
  const id = await ensureWatchlistId(db, owner);
  const address = token.address.toLowerCase();
  const wanted = WATCH_KINDS.filter((k) => kinds.includes(k));
  await db.transaction(async (tx) => {
    // One visitor at a time per watchlist: the item cap is exact under concurrent adds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlist:${id}`}))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(watchlistItems)
      .where(and(eq(watchlistItems.watchlistId, id), sql`${watchlistItems.token} <> ${address}`));
    if ((count?.n ?? 0) >= MAX_WATCH_ITEMS)
      throw new AppError(
        'conflict',
        `A watchlist holds at most ${MAX_WATCH_ITEMS} tokens; remove one first.`,
        {
          status: 409,
          details: { field: 'tokenAddress', reason: 'watchlist is full' },
        },
      );
    await tx
      .insert(watchlistItems)
      .values({ watchlistId: id, token: address, kinds: wanted })
      .onConflictDoUpdate({
        target: [watchlistItems.watchlistId, watchlistItems.token],
        set: { kinds: wanted },
      });
    // The monitor raises the token's alerts from now on (every detector: kinds are filtered per watcher).
    await tx
      .insert(monitoredTokens)
      .values({
        address,
        symbol: token.symbol,
        name: token.name,
        alertTypes: [...MONITORED_ALERT_TYPES],
        alertsEnabled: true,
      })
      .onConflictDoUpdate({
        target: monitoredTokens.address,
        set: {
          alertTypes: [...MONITORED_ALERT_TYPES],
          alertsEnabled: true,
          symbol: token.symbol,
          name: token.name,
        },
      });
  });
  markChanged(db, 'alerts');
}

export async function removeWatchItem(db: Db, owner: WatchOwner, token: string): Promise<void> {
  const id = await findWatchlistId(db, owner);
  const removed = id
    ? await db
        .delete(watchlistItems)
        .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.token, token.toLowerCase())))
        .returning({ token: watchlistItems.token })
    : [];
  if (!removed.length) throw new NotFoundError(`${token} is not on your watchlist.`);
}

/** The alerts of the watched tokens, of the kinds wanted for each; active first, newest first. */
export async function watchlistAlerts(db: Db, owner: WatchOwner): Promise<WatchAlert[]> {
  const id = await findWatchlistId(db, owner);
  if (!id) return [];
  const items = await db.select().from(watchlistItems).where(eq(watchlistItems.watchlistId, id));
  if (!items.length) return [];
  const kindsOf = new Map(items.map((i) => [i.token, new Set(i.kinds as WatchKind[])]));
  const rows = await db
    .select()
    .from(securityAlerts)
    .where(inArray(securityAlerts.tokenAddress, [...kindsOf.keys()]))
    .orderBy(
      sql`${securityAlerts.resolvedAt} is not null`,
      desc(securityAlerts.detectedAt),
      desc(securityAlerts.id),
    )
    .limit(ALERT_LIMIT * 4);
  const out: WatchAlert[] = [];
  for (const r of rows) {
    const kind = watchKindOf(r.type, r.subject);
    if (!kind || !kindsOf.get(r.tokenAddress)?.has(kind)) continue;
    out.push({ ...toAlert(r), kind });
    if (out.length >= ALERT_LIMIT) break;
  }
  return out;
}

/** Set the watchlist's endpoint (replacing any earlier one, with a new secret). */
export async function setWebhook(
  db: Db,
  owner: WatchOwner,
  rawUrl: string,
  mode: WebhookMode,
): Promise<WebhookCreated> {
  let url: URL;
  try {
    url = checkEndpointUrl(rawUrl.trim(), mode);
    await checkEndpointResolves(url, mode);
  } catch (e) {
    if (e instanceof EndpointRefusedError)
      throw new BadRequestError(`url ${e.message}.`, { field: 'url', reason: e.message });
    throw e;
  }
  const id = await ensureWatchlistId(db, owner);
  const secret = newWebhookSecret();
  const endpointId = randomUUID();
  const [row] = await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.watchlistId, id));
    return tx
      .insert(webhookEndpoints)
      .values({ id: endpointId, watchlistId: id, url: url.toString(), secret })
      .returning();
  });
  if (!row) throw new Error('endpoint insert returned no row');
  return { ...toEndpoint(row), secret };
}

export async function deleteWebhook(db: Db, owner: WatchOwner): Promise<void> {
  const id = await findWatchlistId(db, owner);
  const removed = id
    ? await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.watchlistId, id))
        .returning({ id: webhookEndpoints.id })
    : [];
  if (!removed.length) throw new NotFoundError('Your watchlist has no webhook endpoint.');
}

/** The visitor's endpoint id, or a 404 saying how to make one. */
export async function requireWebhookId(db: Db, owner: WatchOwner): Promise<string> {
  const id = await findWatchlistId(db, owner);
  const [ep] = id
    ? await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.watchlistId, id))
    : [];
  if (!ep)
    throw new NotFoundError(
      'Your watchlist has no webhook endpoint: set one with PUT /api/watchlist/webhook.',
    );
  return ep.id;
}
