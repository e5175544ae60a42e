import "server-only";
import { EMBED_ORIGINS_CACHE_ENTRIES, EMBED_ORIGINS_CACHE_MS } from "@/lib/constants";
import { isEmbedOrigin } from "@/lib/schemas/embed-origins";
import { onDatabaseSwitch } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { findEmbedOrigins } from "@/lib/server/queries/shared-assistants";

// Which sites may frame a share's page. The proxy asks on every visit of /shared/{shareId} and
// writes the answer into that response's frame-ancestors; everything else is unframeable.
//
// Cost: one prepared single-row look-up by the unique share id, and then none for
// EMBED_ORIGINS_CACHE_MS: the answer is kept per instance, keyed by share id (a share's page and its
// reloads make one query per few seconds, however busy). The copy lives on globalThis because the
// proxy and the route handlers are bundled apart but run in one process: an owner's edit on this
// instance drops it at once; another instance may frame-allow (or refuse) with the old list for
// at most EMBED_ORIGINS_CACHE_MS.

interface Entry {
  origins: Promise<readonly string[]>;
  expires: number;
}

const store = globalThis as unknown as { __embedOrigins?: Map<string, Entry> };
const entries = () => (store.__embedOrigins ??= new Map());

onDatabaseSwitch(() => entries().clear());

/** What share ids look like; anything else has no embed list and costs no query. */
const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The share id of a share page's path (/shared/{shareId}), or null for any other path. */
export function sharePageId(path: string): string | null {
  const match = /^\/shared\/([^/]+)\/?$/.exec(path);
  return match && SHARE_ID.test(match[1]) ? match[1] : null;
}

async function lookUp(shareId: string): Promise<readonly string[]> {
  try {
    // Written only through the validated PATCH; checked again because it lands in a header.
    return (await findEmbedOrigins(shareId)).filter(isEmbedOrigin);
  } catch (error) {
    // Unframeable rather than no page: the page itself reports a database that is down.
    log.warn("embed origins look-up failed", { error: (error as Error).message });
    entries().delete(shareId);
    return [];
  }
}

/** The origins allowed to frame this share's page ([] for none, or for an unknown or revoked share). */
export function embedOriginsFor(shareId: string, now = Date.now()): Promise<readonly string[]> {
  if (!SHARE_ID.test(shareId)) return Promise.resolve([]);
  const cache = entries();
  const hit = cache.get(shareId);
  if (hit && hit.expires > now) return hit.origins;
  // Concurrent visits share one query. Oldest first out beyond the cap, so a flood of made-up
  // share ids cannot grow the map.
  cache.delete(shareId);
  if (cache.size >= EMBED_ORIGINS_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  const entry: Entry = { origins: lookUp(shareId), expires: now + EMBED_ORIGINS_CACHE_MS };
  cache.set(shareId, entry);
  return entry.origins;
}

/** After this instance changed, replaced or revoked a share: its next visit reads the database. */
export function forgetEmbedOrigins(...shareIds: string[]) {
  for (const id of shareIds) entries().delete(id);
}
