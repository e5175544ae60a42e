import { NextResponse } from "next/server";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";

// GET /api/health: liveness plus database reachability (503 when the database does not answer).
export async function GET() {
  const started = Date.now();
  try {
    const { db, kind } = await getDatabase();
    await db.execute(sql`SELECT 1`);
    return NextResponse.json({ status: "ok", database: { kind, reachable: true, ms: Date.now() - started } });
  } catch (error) {
    log.error("health check failed", { error });
    return NextResponse.json({ status: "error", database: { reachable: false } }, { status: 503 });
  }
}
