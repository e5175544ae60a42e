import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { linkPreviewCache } from "@/lib/server/db/schema";

// Link previews kept in the database, so every instance shares what one of them fetched.

export type CachedPreview = typeof linkPreviewCache.$inferSelect;

export async function findCachedPreview(url: string): Promise<CachedPreview | undefined> {
  const db = await getDb();
  const [cached] = await db.select().from(linkPreviewCache).where(eq(linkPreviewCache.url, url));
  return cached;
}

/** Stores the outcome of a fetch (a failure too, with no data), replacing an older one. */
export async function rememberPreview(input: { url: string; ok: boolean; data: Record<string, string | null> | null }) {
  const db = await getDb();
  const values = { ...input, fetchedAt: new Date() };
  await db.insert(linkPreviewCache).values(values).onConflictDoUpdate({ target: linkPreviewCache.url, set: values });
}
