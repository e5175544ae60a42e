import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDatabase, getDb } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { claimJob, completeJob, countUnfinishedJobs, enqueueJob, failJob, releaseLeasesOfStoppedProcess, renewLease } from "@/lib/server/queries/jobs";

describe("durable job queue", () => {
  it("hands each job to exactly one of many concurrent workers", async () => {
    const type = `test-once-${Date.now()}`;
    for (let i = 0; i < 30; i++) await enqueueJob({ type, payload: { i } });
    const claimed: string[] = [];
    // Six workers race for the queue (on PostgreSQL these are separate connections).
    await Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (let n = 0; n < 40; n++) {
          const job = await claimJob([type], `worker-${w}`);
          if (!job) break;
          claimed.push(job.id);
          await completeJob(job.id, `worker-${w}`);
        }
      }),
    );
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
  });

  it("enqueues a deduplicated job once", async () => {
    const type = `test-dedupe-${Date.now()}`;
    await enqueueJob({ type, payload: {}, dedupeKey: `${type}:x` });
    await enqueueJob({ type, payload: {}, dedupeKey: `${type}:x` });
    const db = await getDb();
    expect(await db.select().from(jobs).where(eq(jobs.type, type))).toHaveLength(1);
  });

  it("gives a job whose worker died (expired lease) to another worker, and not before", async () => {
    const type = `test-lease-${Date.now()}`;
    await enqueueJob({ type, payload: {} });
    const first = await claimJob([type], "dies");
    expect(first).toBeDefined();
    expect(await claimJob([type], "other")).toBeUndefined();
    const db = await getDb();
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, first!.id));
    const second = await claimJob([type], "other");
    expect(second?.id).toBe(first!.id);
    expect(second?.attempts).toBe(2);
    // The dead worker can no longer renew or complete what it lost.
    expect(await renewLease(first!.id, "dies")).toBe(false);
  });

  it("on the embedded database, a new process takes back at once the jobs a dead one held; on PostgreSQL, leases run out", async () => {
    const type = `test-release-${Date.now()}`;
    await enqueueJob({ type, payload: {} });
    const held = await claimJob([type], "1-killed");
    expect(held).toBeDefined();
    const embedded = (await getDatabase()).kind === "pglite";
    // (Earlier tests in this file leave jobs of their own running.)
    const released = await releaseLeasesOfStoppedProcess("2-started");
    if (embedded) expect(released).toBeGreaterThanOrEqual(1);
    else expect(released).toBe(0);
    const next = await claimJob([type], "2-started");
    if (embedded) {
      expect(next?.id).toBe(held!.id);
      expect(next?.attempts).toBe(2);
      // Its own jobs a process never releases.
      expect(await releaseLeasesOfStoppedProcess("2-started")).toBe(0);
    } else {
      // Another instance may be alive and running it.
      expect(next).toBeUndefined();
    }
  });

  it("serves owners with nothing running before an owner's next job", async () => {
    const type = `test-fair-${Date.now()}`;
    const [a, b] = [`owner-a-${type}`, `owner-b-${type}`];
    const db = await getDb();
    await enqueueJob({ type, payload: { n: "a1" }, ownerKey: a });
    await enqueueJob({ type, payload: { n: "a2" }, ownerKey: a });
    // b's job is queued last, yet runs before a's second one while a's first is running.
    await enqueueJob({ type, payload: { n: "b1" }, ownerKey: b });
    await db.update(jobs).set({ runAt: sql`now() - interval '1 minute'` }).where(and(eq(jobs.type, type), eq(jobs.ownerKey, a)));
    const first = await claimJob([type], "w1");
    expect(first?.payload).toEqual({ n: "a1" });
    expect((await claimJob([type], "w2"))?.payload).toEqual({ n: "b1" });
    expect((await claimJob([type], "w3"))?.payload).toEqual({ n: "a2" });
  });

  it("keeps the last slot for owners with nothing running: onlyIdleOwners takes none of a busy owner's jobs", async () => {
    const type = `test-reserve-${Date.now()}`;
    const owner = `owner-${type}`;
    await enqueueJob({ type, payload: { n: 1 }, ownerKey: owner });
    await enqueueJob({ type, payload: { n: 2 }, ownerKey: owner });
    await enqueueJob({ type, payload: { n: "anyone" } });
    const first = await claimJob([type], "w1", { onlyIdleOwners: true });
    expect(first?.payload).toEqual({ n: 1 });
    // A job with no owner is never held back.
    expect((await claimJob([type], "w2", { onlyIdleOwners: true }))?.payload).toEqual({ n: "anyone" });
    expect(await claimJob([type], "w2", { onlyIdleOwners: true })).toBeUndefined();
    await completeJob(first!.id, "w1");
    expect((await claimJob([type], "w2", { onlyIdleOwners: true }))?.payload).toEqual({ n: 2 });
  });

  it("takes turns between owners: an owner already served waits behind one never served, however much earlier it queued", async () => {
    const type = `test-turns-${Date.now()}`;
    const [a, v] = [`owner-a-${type}`, `owner-v-${type}`];
    const db = await getDb();
    await enqueueJob({ type, payload: { n: "a1" }, ownerKey: a });
    await enqueueJob({ type, payload: { n: "a2" }, ownerKey: a });
    await db.update(jobs).set({ runAt: sql`now() - interval '1 minute'` }).where(and(eq(jobs.type, type), eq(jobs.ownerKey, a)));
    const first = await claimJob([type], "w1");
    expect(first?.payload).toEqual({ n: "a1" });
    await enqueueJob({ type, payload: { n: "v1" }, ownerKey: v });
    await completeJob(first!.id, "w1");
    // a has nothing running now, but it had its turn: v's later job goes first.
    expect((await claimJob([type], "w1"))?.payload).toEqual({ n: "v1" });
    expect((await claimJob([type], "w2"))?.payload).toEqual({ n: "a2" });
  });

  it("keeps the last slot from an address with work running: a second account from it does not take the slot", async () => {
    const type = `test-address-${Date.now()}`;
    const [a, b, v] = [`owner-a-${type}`, `owner-b-${type}`, `owner-v-${type}`];
    await enqueueJob({ type, payload: { n: "a1" }, ownerKey: a, clientKey: "203.0.113.7" });
    await enqueueJob({ type, payload: { n: "b1" }, ownerKey: b, clientKey: "203.0.113.7" });
    expect((await claimJob([type], "w1", { onlyIdleOwners: true }))?.payload).toEqual({ n: "a1" });
    expect(await claimJob([type], "w2", { onlyIdleOwners: true })).toBeUndefined();
    await enqueueJob({ type, payload: { n: "v1" }, ownerKey: v, clientKey: "198.51.100.9" });
    expect((await claimJob([type], "w2", { onlyIdleOwners: true }))?.payload).toEqual({ n: "v1" });
    // Any slot but the last still takes the address's next job.
    expect((await claimJob([type], "w3"))?.payload).toEqual({ n: "b1" });
  });

  it("counts an owner's and an address's unfinished jobs for the queue caps", async () => {
    const type = `test-count-${Date.now()}`;
    const [a, b] = [`owner-a-${type}`, `owner-b-${type}`];
    await enqueueJob({ type, payload: { n: 1 }, ownerKey: a, clientKey: "203.0.113.8" });
    await enqueueJob({ type, payload: { n: 2 }, ownerKey: a, clientKey: "203.0.113.8" });
    await enqueueJob({ type, payload: { n: 3 }, ownerKey: b, clientKey: "203.0.113.8" });
    const done = await claimJob([type], "w");
    await completeJob(done!.id, "w");
    expect(await countUnfinishedJobs(type, { ownerKey: a, clientKey: "203.0.113.8" })).toEqual({ owner: 1, client: 2 });
    expect(await countUnfinishedJobs(type, { ownerKey: b })).toEqual({ owner: 1, client: 0 });
  });

  it("retries a failed job with backoff, then gives up after its attempts", async () => {
    const type = `test-fail-${Date.now()}`;
    await enqueueJob({ type, payload: {}, maxAttempts: 2 });
    const job = await claimJob([type], "w");
    expect(await failJob(job!, "w", "boom")).toBe("retry");
    const db = await getDb();
    // Make the retry due now instead of after the backoff.
    await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job!.id));
    const again = await claimJob([type], "w");
    expect(await failJob(again!, "w", "boom again")).toBe("failed");
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ status: "failed", lastError: "boom again", attempts: 2 });
    expect(await claimJob([type], "w")).toBeUndefined();
  });
});

describe("job runner", () => {
  it("tells the job type when a job has failed its last attempt, once", async () => {
    const { registerJobHandler, drainJobs } = await import("@/lib/server/jobs/runner");
    const type = `test-give-up-${Date.now()}`;
    const gaveUp: unknown[] = [];
    let runs = 0;
    registerJobHandler(
      type,
      async () => {
        runs++;
        throw new Error("database went away");
      },
      { onGiveUp: async (payload) => void gaveUp.push(payload) },
    );
    await enqueueJob({ type, payload: { documentId: "d1" }, maxAttempts: 2 });
    const db = await getDb();
    for (let i = 0; i < 3; i++) {
      await drainJobs();
      // Retries wait for their backoff; make them due now.
      await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.type, type));
    }
    expect(runs).toBe(2);
    expect(gaveUp).toEqual([{ documentId: "d1" }]);
  });

  it("does not run again a job whose process died during its last attempt: it fails, and the type is told once", async () => {
    const { registerJobHandler, drainJobs } = await import("@/lib/server/jobs/runner");
    const type = `test-abandoned-${Date.now()}`;
    const gaveUp: unknown[] = [];
    let runs = 0;
    registerJobHandler(type, async () => void runs++, { onGiveUp: async (payload) => void gaveUp.push(payload) });
    await enqueueJob({ type, payload: { documentId: "d2" }, maxAttempts: 2 });
    const db = await getDb();
    // Two attempts, each ended by its process dying (the lease runs out with the job running).
    for (let attempt = 1; attempt <= 2; attempt++) {
      const claimed = await claimJob([type], `dies-${attempt}`);
      expect(claimed?.attempts).toBe(attempt);
      await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, claimed!.id));
    }
    await drainJobs();
    await drainJobs();
    expect(runs).toBe(0);
    expect(gaveUp).toEqual([{ documentId: "d2" }]);
    const [row] = await db.select().from(jobs).where(eq(jobs.type, type));
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    expect(row.lastError).toMatch(/stopped during its last attempt/);
  });
});
