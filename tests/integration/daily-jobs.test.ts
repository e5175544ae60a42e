import { beforeAll, describe, expect, it } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { jobs, passwordResetTokens } from "@/lib/server/db/schema";
import { scheduleDaily } from "@/lib/server/jobs/daily";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { seedUser } from "../support/http";

// Housekeeping that runs once a day as a durable job: expired forgot-password links are removed a
// day past their end, and each run queues the next day's.

beforeAll(() => registerJobs());

describe("daily jobs", () => {
  it("purge forgot-password links a day past their end, keep the others, and queue tomorrow's run", async () => {
    const { user } = await seedUser();
    const db = await getDb();
    await db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: `old-${Date.now()}`, expiresAt: sql`now() - interval '2 days'` },
      { userId: user.id, tokenHash: `recent-${Date.now()}`, expiresAt: sql`now() - interval '1 hour'` },
      { userId: user.id, tokenHash: `live-${Date.now()}`, expiresAt: sql`now() + interval '20 minutes'` },
    ]);
    await scheduleDaily("purge-reset-tokens", new Date());
    await drainJobs();
    const left = await db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(left.map((t) => t.tokenHash.split("-")[0]).sort()).toEqual(["live", "recent"]);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const queued = await db.select({ dedupeKey: jobs.dedupeKey, status: jobs.status }).from(jobs).where(like(jobs.dedupeKey, "purge-reset-tokens:%"));
    expect(queued).toContainEqual({ dedupeKey: `purge-reset-tokens:${tomorrow}`, status: "queued" });
  });

  it("queue one run a day however many instances ask", async () => {
    const runAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await Promise.all([scheduleDaily("collect-orphan-files", runAt), scheduleDaily("collect-orphan-files", runAt), scheduleDaily("collect-orphan-files", runAt)]);
    const db = await getDb();
    const day = runAt.toISOString().slice(0, 10);
    expect(await db.select().from(jobs).where(eq(jobs.dedupeKey, `collect-orphan-files:${day}`))).toHaveLength(1);
  });
});
