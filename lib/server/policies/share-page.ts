import "server-only";
import { EMBED_ORIGINS_CACHE_ENTRIES, EMBED_ORIGINS_CACHE_MS } from "@/lib/constants";
import { isEmbedOrigin } from "@/lib/schemas/embed-origins";
import { onDatabaseSwitch } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { findSharePageFacts } from "@/lib/server/queries/shared-assistants";

// What a visit of /shared/{shareId} is answered with before the page renders: the HTTP status
// (200 for a live link, 410 for one its owner ended, 404 for one no share has) and which sites may
// frame it. The proxy asks on every visit of a share page and writes the answer into that
// response; everything else is unframeable.
//
// Cost: one prepared single-row look-up by the unique share id, and then none for
// EMBED_ORIGINS_CACHE_MS: the answer is kept per instance, keyed by share id (a share's page and its
// reloads make one query per few seconds, however busy). The copy lives on globalThis because the
// proxy and the route handlers are bundled apart but run in one process: an owner's edit on this
// instance drops it at once; another instance may answer with the old status and list for at most
// EMBED_ORIGINS_CACHE_MS (the page itself reads the share afresh).

export type ShareLinkState = "live" | "ended" | "unknown";

export const SHARE_LINK_STATUS = { live: 200, ended: 410, unknown: 404 } as const satisfies Record<ShareLinkState, number>;

export interface SharePageFacts {
  status: (typeof SHARE_LINK_STATUS)[ShareLinkState];
  embedOrigins: readonly string[];
}

interface Entry {
  facts: Promise<SharePageFacts>;
  expires: number;
}

const store = globalThis as unknown as { __sharePageFacts?: Map<string, Entry> };
const entries = () => (store.__sharePageFacts ??= new Map());

onDatabaseSwitch(() => entries().clear());

/** What share ids look like; anything else names no share and costs no query. */
const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isWellFormedShareId(shareId: string): boolean {
  return SHARE_ID.test(shareId);
}

/** A share that was revoked, or whose assistant was deleted, has ended; no row at all is unknown. */
export function shareLinkState(row: { revokedAt: Date | null } | undefined): ShareLinkState {
  return !row ? "unknown" : row.revokedAt ? "ended" : "live";
}

/** The id segment of a share page's path (/shared/{shareId}), well formed or not; null for any other path. */
export function sharePageId(path: string): string | null {
  return /^\/shared\/([^/]+)\/?$/.exec(path)?.[1] ?? null;
}

const UNKNOWN: SharePageFacts = { status: SHARE_LINK_STATUS.unknown, embedOrigins: [] };

async function lookUp(shareId: string): Promise<SharePageFacts> {
  try {
    const row = await findSharePageFacts(shareId);
    const state = shareLinkState(row);
    // Written only through the validated PATCH; checked again because it lands in a header.
    return { status: SHARE_LINK_STATUS[state], embedOrigins: state === "live" ? (row?.embedOrigins ?? []).filter(isEmbedOrigin) : [] };
  } catch (error) {
    // Unframeable rather than no page, and the status left to the page, which reports a database that is down.
    log.warn("share page look-up failed", { error: (error as Error).message });
    entries().delete(shareId);
    return { status: SHARE_LINK_STATUS.live, embedOrigins: [] };
  }
}

/** The status and the framing sites of a share page's visit. */
export function sharePageFacts(shareId: string, now = Date.now()): Promise<SharePageFacts> {
  if (!isWellFormedShareId(shareId)) return Promise.resolve(UNKNOWN);
  const cache = entries();
  const hit = cache.get(shareId);
  if (hit && hit.expires > now) return hit.facts;
  // Concurrent visits share one query. Oldest first out beyond the cap, so a flood of made-up
  // share ids cannot grow the map.
  cache.delete(shareId);
  if (cache.size >= EMBED_ORIGINS_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  const entry: Entry = { facts: lookUp(shareId), expires: now + EMBED_ORIGINS_CACHE_MS };
  cache.set(shareId, entry);
  return entry.facts;
}

/** The origins allowed to frame this share's page ([] for none, or for an unknown or ended share). */
export async function embedOriginsFor(shareId: string, now = Date.now()): Promise<readonly string[]> {
  return (await sharePageFacts(shareId, now)).embedOrigins;
}

/** After this instance changed, replaced or revoked a share: its next visit reads the database. */
export function forgetSharePage(...shareIds: string[]) {
  for (const id of shareIds) entries().delete(id);
}
