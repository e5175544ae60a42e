// Fills a fresh data directory for the API-usage spec before its server starts (the embedded
// database belongs to one process at a time): an admin, a manager, two users, a share, 40 days of
// model calls, a feedback message and a failed document and job.
// Run: tsx --conditions=react-server tests/e2e/support/seed-usage.ts <data dir>
import { calendarDay } from "@/lib/checkin-streak";
import { openDatabase } from "@/lib/server/db/client";
import { apiUsage, documents, feedback, jobs, sharedAssistants } from "@/lib/server/db/schema";
import { hashPassword } from "@/lib/server/auth/password";
import { createUser } from "@/lib/server/queries/users";
import { setDatabase } from "@/lib/server/db/client";
import { addDays } from "@/lib/usage-report";
import { FAILED_DOCUMENT, SECRET_FEEDBACK, USAGE_ADMIN, USAGE_MANAGER, USAGE_PEOPLE, USAGE_SHARE, usageSeedCalls } from "./usage-seed-data";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-usage.ts <data dir>");
const handle = await openDatabase({ dataDir });
setDatabase(handle);
const { db } = handle;

const admin = await createUser({ email: USAGE_ADMIN.email, displayName: USAGE_ADMIN.name, role: "admin", passwordHash: await hashPassword(USAGE_ADMIN.password) });
await createUser({ email: USAGE_MANAGER.email, displayName: USAGE_MANAGER.name, role: "manager", passwordHash: await hashPassword(USAGE_MANAGER.password) });
const people = new Map<string, string>();
for (const person of USAGE_PEOPLE) {
  const user = await createUser({ email: person.email, displayName: person.name, role: "user" });
  people.set(person.key, user!.id);
}
const [share] = await db.insert(sharedAssistants).values({ shareId: USAGE_SHARE.shareId, ownerId: admin!.id, name: USAGE_SHARE.name, rolePrompt: "" }).returning();

const today = calendarDay(new Date());
// Noon in Taipei (UTC+8) of the day `daysAgo` before today.
const noon = (daysAgo: number) => new Date(`${addDays(today, -daysAgo)}T04:00:00Z`);
await db.insert(apiUsage).values(
  usageSeedCalls().map((c) => ({
    provider: c.provider,
    model: c.model,
    route: c.route,
    userId: c.user ? people.get(c.user)! : null,
    sharedAssistantId: c.share ? share.id : null,
    inputTokens: c.inputTokens,
    outputTokens: c.outputTokens,
    latencyMs: c.latencyMs,
    outcome: c.outcome,
    errorMessage: c.outcome === "ok" ? null : "timeout",
    createdAt: noon(c.daysAgo),
  })),
);
await db.insert(feedback).values({ userId: people.get("bob")!, name: USAGE_PEOPLE[1].name, email: USAGE_PEOPLE[1].email, category: "feature", message: SECRET_FEEDBACK });
await db.insert(documents).values({
  userId: people.get("alice")!,
  originalName: FAILED_DOCUMENT,
  storageKey: "seed/failed",
  kind: "pdf",
  mimeType: "application/pdf",
  sizeBytes: 1_024,
  contentHash: "-",
  status: "error",
  errorReason: "The file is too complex to process",
  createdAt: noon(1),
});
await db.insert(jobs).values({ type: "ingest-document", status: "failed", attempts: 3, lastError: `parse of ${FAILED_DOCUMENT} ran out of time`, payload: {} });
await handle.close();
