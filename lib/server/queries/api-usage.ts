import "server-only";
import { getDb } from "@/lib/server/db/client";
import { apiUsage } from "@/lib/server/db/schema";

export type ApiUsageEntry = typeof apiUsage.$inferInsert;

/** One row per model call, for the API-usage dashboard. */
export async function recordApiUsage(entry: ApiUsageEntry) {
  const db = await getDb();
  await db.insert(apiUsage).values({ ...entry, errorMessage: entry.errorMessage?.slice(0, 1_000) ?? null });
}
