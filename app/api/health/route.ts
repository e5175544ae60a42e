import { NextResponse } from "next/server";
import { log } from "@/lib/server/log";
import { pingDatabase } from "@/lib/server/queries/health";
import { objectStore } from "@/lib/server/storage/file-store";

// GET /api/health: readiness for a load balancer: the database and the file storage both answer
// (503 when either does not, naming which).

/** A bucket is asked at most this often: load balancers poll every instance every few seconds. */
const STORAGE_CHECK_TTL_MS = 2_000;
let lastStorageCheck: { at: number; ms: number } | undefined;

async function checkStorage(): Promise<{ kind: string; reachable: boolean; ms?: number }> {
  const store = objectStore();
  if (lastStorageCheck && Date.now() - lastStorageCheck.at < STORAGE_CHECK_TTL_MS) return { kind: store.kind, reachable: true, ms: lastStorageCheck.ms };
  const started = Date.now();
  try {
    await store.check();
    lastStorageCheck = { at: Date.now(), ms: Date.now() - started };
    return { kind: store.kind, reachable: true, ms: lastStorageCheck.ms };
  } catch (error) {
    lastStorageCheck = undefined;
    log.error("health check: storage unreachable", { error, storage: store.kind });
    return { kind: store.kind, reachable: false };
  }
}

async function checkDatabase(): Promise<{ kind?: string; reachable: boolean; ms?: number }> {
  try {
    const { kind, ms } = await pingDatabase();
    return { kind, reachable: true, ms };
  } catch (error) {
    log.error("health check: database unreachable", { error });
    return { reachable: false };
  }
}

export async function GET() {
  const [database, storage] = await Promise.all([checkDatabase(), checkStorage()]);
  const ok = database.reachable && storage.reachable;
  return NextResponse.json({ status: ok ? "ok" : "error", database, storage }, { status: ok ? 200 : 503 });
}
