import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, documents, feedback, jobs, sharedAssistants, users } from "@/lib/server/db/schema";
import { upsertModelPrice } from "@/lib/server/queries/usage-report";
import { loadDashboard } from "@/lib/server/use-cases/load-dashboard";
import { seedUser } from "../support/http";

// The /admin dashboard over 7 Taipei days ending 2026-03-11 (now is 12:00 there, 04:00 UTC), worked
// out by hand:
//   users: admin and manager (January), alice (03-11), bob (03-06), carol (03-04 23:59:59, outside)
//   model calls: alice 2 chat messages on 03-11 (gpt-4o-mini, 1000 in / 500 out each), 3 share
//     messages from guests on 03-10 (offline, 100/100), bob 1 suggestion on 03-06 (gpt-4o-mini,
//     50/50), carol 1 chat message on 03-04 (outside)
//   documents: bob uploaded one on 03-08, alice's upload on 03-11 failed
//   shares: one made 03-09, one from January revoked
// gpt-4o-mini costs $1 / $2 per million tokens in / out.

const NOW = new Date("2026-03-11T04:00:00Z");
const SECRET_FEEDBACK = "我的秘密回饋內容：請不要讓別人看到";
const SECRET_DOCUMENT = "secret-plan.pdf";
const SECRET_ERROR = "parse failed for secret-plan.pdf";
let seeded: Record<"admin" | "manager" | "alice" | "bob" | "carol", Awaited<ReturnType<typeof seedUser>>>;

beforeAll(async () => {
  const db = await getDb();
  const make = async (role: "admin" | "manager" | "user", createdAt: string, name: string) => {
    const s = await seedUser({ role, email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com` });
    await db.update(users).set({ createdAt: new Date(createdAt), displayName: name }).where(eq(users.id, s.user.id));
    return s;
  };
  seeded = {
    admin: await make("admin", "2026-01-05T00:00:00Z", "Admin Person"),
    manager: await make("manager", "2026-01-06T00:00:00Z", "Manager Person"),
    alice: await make("user", "2026-03-10T17:00:00Z", "Alice Private"),
    bob: await make("user", "2026-03-06T02:00:00Z", "Bob Private"),
    carol: await make("user", "2026-03-04T15:59:59Z", "Carol Secret"),
  };
  const { alice, bob, carol, admin } = seeded;
  const mini = { provider: "openai-compatible", model: "gpt-4o-mini", outcome: "ok" as const, latencyMs: 500 };
  const offline = { provider: "offline", model: "docchat-offline-1", outcome: "ok" as const, latencyMs: 20 };
  const [share] = await db
    .insert(sharedAssistants)
    .values([
      { shareId: "dash-share-1", ownerId: admin.user.id, name: "Desk", rolePrompt: "", createdAt: new Date("2026-03-09T02:00:00Z") },
      { shareId: "dash-share-2", ownerId: admin.user.id, name: "Old", rolePrompt: "", createdAt: new Date("2026-01-09T02:00:00Z"), revokedAt: new Date("2026-02-01T00:00:00Z") },
    ])
    .returning();
  await db.insert(apiUsage).values([
    ...[1, 2].map(() => ({ ...mini, route: "/api/messages", userId: alice.user.id, inputTokens: 1000, outputTokens: 500, createdAt: new Date("2026-03-11T01:00:00Z") })),
    ...[1, 2, 3].map(() => ({ ...offline, route: "/api/shared-assistants/messages", sharedAssistantId: share.id, inputTokens: 100, outputTokens: 100, createdAt: new Date("2026-03-10T05:00:00Z") })),
    { ...mini, route: "/api/ai-suggestions", userId: bob.user.id, inputTokens: 50, outputTokens: 50, createdAt: new Date("2026-03-06T03:00:00Z") },
    { ...mini, route: "/api/messages", userId: carol.user.id, inputTokens: 7, outputTokens: 7, createdAt: new Date("2026-03-04T10:00:00Z") },
  ]);
  const doc = { kind: "pdf" as const, mimeType: "application/pdf", sizeBytes: 10, contentHash: "-" };
  await db.insert(documents).values([
    { ...doc, userId: bob.user.id, originalName: "notes.pdf", storageKey: "b/1", status: "processed", createdAt: new Date("2026-03-08T03:00:00Z") },
    { ...doc, userId: alice.user.id, originalName: SECRET_DOCUMENT, storageKey: "a/1", status: "error", errorReason: "too complex", createdAt: new Date("2026-03-11T02:00:00Z") },
  ]);
  await db.insert(jobs).values({ type: "ingest-document", status: "failed", attempts: 3, lastError: SECRET_ERROR, payload: { documentId: "x" } });
  await db.insert(feedback).values({ userId: carol.user.id, name: "Carol Secret", email: "carol.secret@example.com", category: "bug", message: SECRET_FEEDBACK });
  await upsertModelPrice({ model: "gpt-4o-mini", inputPerMillion: 1, outputPerMillion: 2, updatedById: admin.user.id });
});

describe("the /admin dashboard", () => {
  it("counts the day and the period from hand-computed figures", async () => {
    const d = await loadDashboard({ role: "admin", days: 7, now: NOW });
    expect(d.range).toEqual({ from: "2026-03-05", to: "2026-03-11" });
    expect(d.series.map((day) => day.day)).toEqual(["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"]);
    expect(d.today).toEqual({ newUsers: 1, activeUsers: 1, messages: 2, shareMessages: 0, uploads: 1, newShares: 0, tokens: 3000, cost: 0.004 });
    expect({ ...d.period, cost: Math.round(d.period.cost * 1e6) }).toEqual({
      newUsers: 2,
      // alice (chat, 03-11) and bob (suggestion 03-06, upload 03-08): counted once each over the period.
      activeUsers: 2,
      messages: 5,
      shareMessages: 3,
      uploads: 2,
      newShares: 1,
      tokens: 3700,
      cost: 4150,
    });
    const byDay = Object.fromEntries(d.series.map((day) => [day.day, day]));
    expect(byDay["2026-03-06"]).toMatchObject({ newUsers: 1, activeUsers: 1, messages: 0, tokens: 100 });
    expect(byDay["2026-03-08"]).toMatchObject({ activeUsers: 1, uploads: 1 });
    expect(byDay["2026-03-10"]).toMatchObject({ messages: 3, shareMessages: 3, activeUsers: 0, cost: 0 });
    expect(d.snapshot).toEqual({ users: 5, activeShares: 1, documentsInError: 1, failedJobs: 1, newFeedback: 1 });
  });

  it("shows an admin the latest feedback and what failed", async () => {
    const d = await loadDashboard({ role: "admin", days: 30, now: NOW });
    expect(d.feedback).toEqual([expect.objectContaining({ category: "bug", status: "new", excerpt: SECRET_FEEDBACK, from: "Carol Secret" })]);
    expect(d.failedDocuments).toEqual([expect.objectContaining({ name: SECRET_DOCUMENT, reason: "too complex", ownerName: "Alice Private", ownerEmail: seeded.alice.email })]);
    expect(d.failedJobs).toEqual([expect.objectContaining({ type: "ingest-document", error: SECRET_ERROR, attempts: 3 })]);
  });

  it("gives a manager the same figures but nothing about any one person", async () => {
    const admin = await loadDashboard({ role: "admin", days: 30, now: NOW });
    const manager = await loadDashboard({ role: "manager", days: 30, now: NOW });
    expect(manager.feedback).toBeNull();
    expect(manager.failedDocuments).toBeNull();
    expect(manager.failedJobs).toBeNull();
    // The counts stay: how many feedback messages and failures there are is no one's data.
    expect({ ...manager, feedback: undefined, failedDocuments: undefined, failedJobs: undefined }).toEqual({
      ...admin,
      feedback: undefined,
      failedDocuments: undefined,
      failedJobs: undefined,
    });
    const everything = JSON.stringify(manager);
    for (const secret of [SECRET_FEEDBACK, "Carol Secret", "carol.secret@example.com", SECRET_DOCUMENT, SECRET_ERROR, "too complex"]) {
      expect(everything).not.toContain(secret);
    }
    for (const person of Object.values(seeded)) {
      expect(everything).not.toContain(person.user.email);
      expect(everything).not.toContain(person.user.id);
    }
    for (const name of ["Admin Person", "Manager Person", "Alice Private", "Bob Private", "Carol Secret"]) expect(everything).not.toContain(name);
  });
});
