import "server-only";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/server/db/client";

/** Which database this instance uses and how long a trivial query took; throws when it does not answer. */
export async function pingDatabase(): Promise<{ kind: string; ms: number }> {
  const started = Date.now();
  const { db, kind } = await getDatabase();
  await db.execute(sql`SELECT 1`);
  return { kind, ms: Date.now() - started };
}
