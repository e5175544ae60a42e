import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as processRoute from "@/app/api/referrals/process/route";
import * as referralsRoute from "@/app/api/referrals/route";
import * as userRoute from "@/app/api/user/route";
import * as planRoute from "@/app/api/plan/route";
import { REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { getDatabase, getDb } from "@/lib/server/db/client";
import { referrals, users } from "@/lib/server/db/schema";
import { findUserById } from "@/lib/server/queries/users";
import { processReferral } from "@/lib/server/use-cases/process-referral";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import * as shareMessagesRoute from "@/app/api/shared-assistants/[id]/messages/route";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { call, seedUser } from "../support/http";

const DAY_MS = 24 * 60 * 60 * 1000;
const TRIAL_MS = REFERRAL_TRIAL_DAYS * DAY_MS;

function processCode(cookie: string | undefined, referralCode: unknown, headers: Record<string, string> = {}) {
  return call(processRoute.POST, { method: "POST", path: "/api/referrals/process", cookie, body: { referralCode }, headers });
}

async function setUser(id: string, values: Partial<typeof users.$inferInsert>) {
  const db = await getDb();
  await db.update(users).set(values).where(eq(users.id, id));
}

async function referralsOf(...userIds: string[]) {
  const db = await getDb();
  const asInvitee = await db.select().from(referrals).where(inArray(referrals.inviteeId, userIds));
  const asInviter = await db.select().from(referrals).where(inArray(referrals.inviterId, userIds));
  return { asInvitee, asInviter };
}

/**
 * Runs concurrent requests so that they truly overlap. On a PostgreSQL server the test holds the
 * invitee's row locked until every request is waiting for a lock, then lets go: without the
 * use-case's own locking they would collide mid-way. The embedded database runs one transaction
 * at a time, so there the requests are simply sent together.
 */
async function overlapping<T>(inviteeId: string, requests: () => Promise<T>[]): Promise<T[]> {
  const handle = await getDatabase();
  if (handle.kind !== "postgres") return Promise.all(requests());
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${inviteeId} FOR UPDATE`);
    locked();
    await held;
  });
  await isLocked;
  const started = requests();
  const pending = Promise.all(started);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await handle.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      [],
    );
    if (Number(rows[0].n) >= started.length || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  release();
  await holder;
  return pending;
}

beforeAll(() => {
  registerJobs();
});

/** The user really uses the product: a small file uploaded and processed. */
async function useTheProduct(userId: string) {
  const { document } = await uploadDocument({ user: (await findUserById(userId))!, name: "notes.txt", bytes: new TextEncoder().encode("Our team meets on Mondays at ten.\n") });
  await drainJobs();
  const db = await getDb();
  const { documents } = await import("@/lib/server/db/schema");
  const [row] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, document.id));
  expect(row.status).toBe("processed");
}

async function trialOf(id: string) {
  return (await findUserById(id))!.trialEndsAt;
}

/** The refusal leaves both sides exactly as they were: no referral, no trial, no inviter recorded. */
async function expectNothingChanged(invitee: { id: string }, inviter?: { id: string }) {
  const ids = inviter ? [invitee.id, inviter.id] : [invitee.id];
  const { asInvitee, asInviter } = await referralsOf(...ids);
  expect(asInvitee).toEqual([]);
  expect(asInviter).toEqual([]);
  for (const id of ids) {
    const row = await findUserById(id);
    expect(row?.trialEndsAt).toBeNull();
    expect(row?.referredById).toBeNull();
  }
}

describe("POST /api/referrals/process", () => {
  it("gives the invitee a 14-day full trial at once, the inviter theirs once the invitee has processed a document, and records one referral", async () => {
    const inviter = await seedUser();
    const invitee = await seedUser();
    const before = Date.now();
    const res = await processCode(invitee.cookie, inviter.user.referralCode);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, alreadyApplied: false });
    expect(res.body.user).toMatchObject({ id: invitee.user.id, effectivePlan: "supporter", planStatus: { kind: "trial", monthlyUploads: null } });
    // Not yet for the inviter: the invitee has not used the product.
    expect(await trialOf(inviter.user.id)).toBeNull();

    await useTheProduct(invitee.user.id);
    const after = Date.now();
    for (const id of [invitee.user.id, inviter.user.id]) {
      const ends = (await trialOf(id))!.getTime();
      expect(ends).toBeGreaterThanOrEqual(before + TRIAL_MS);
      expect(ends).toBeLessThanOrEqual(after + TRIAL_MS);
    }
    expect((await referralsOf(invitee.user.id)).asInvitee[0].inviterRewardedAt).toEqual(expect.any(Date));
    expect(res.body.trialEndsAt).toBe((await trialOf(invitee.user.id))!.toISOString());
    expect((await findUserById(invitee.user.id))!.referredById).toBe(inviter.user.id);
    const { asInvitee } = await referralsOf(invitee.user.id);
    expect(asInvitee).toHaveLength(1);
    expect(asInvitee[0]).toMatchObject({ inviterId: inviter.user.id, code: inviter.user.referralCode, trialDays: 14 });

    // Both see the trial and its end date wherever the plan is shown.
    for (const who of [invitee, inviter]) {
      const me = await call(userRoute.GET, { cookie: who.cookie });
      expect(me.body.planStatus).toMatchObject({ kind: "trial", until: (await trialOf(who.user.id))!.toISOString() });
      const plan = await call(planRoute.GET, { cookie: who.cookie });
      expect(plan.body).toMatchObject({ status: { kind: "trial" }, trialEndsAt: me.body.planStatus.until });
    }
    const summary = await call(referralsRoute.GET, { cookie: inviter.cookie });
    expect(summary.body).toEqual({
      referralCode: inviter.user.referralCode,
      inviteLink: `http://localhost:3000/auth?ref=${inviter.user.referralCode}`,
      invitedCount: 1,
    });
  });

  it("counts a question asked on a share as using the product, for an invitee who has no workspace to upload into", async () => {
    const owner = await seedUser({ role: "admin" });
    const share = await createShare({ ownerId: owner.user.id, name: "訪客", rolePrompt: "x", includeDocuments: true });
    const inviter = await seedUser();
    const invitee = await seedUser();
    expect((await processCode(invitee.cookie, inviter.user.referralCode)).status).toBe(200);
    expect(await trialOf(inviter.user.id)).toBeNull();
    const asked = await call(shareMessagesRoute.POST, { method: "POST", cookie: invitee.cookie, params: { id: share.shareId }, body: { message: "你好，請問開放時間？" } });
    expect(asked.status).toBe(200);
    expect(await trialOf(inviter.user.id)).not.toBeNull();
    expect((await referralsOf(invitee.user.id)).asInvitee[0].inviterRewardedAt).toEqual(expect.any(Date));
  });

  it("accepts the code typed in lower case or with spaces", async () => {
    const inviter = await seedUser();
    const invitee = await seedUser();
    const typed = ` ${inviter.user.referralCode.slice(0, 4).toLowerCase()} ${inviter.user.referralCode.slice(4).toLowerCase()} `;
    const res = await processCode(invitee.cookie, typed);
    expect(res.status).toBe(200);
    expect((await referralsOf(invitee.user.id)).asInvitee).toHaveLength(1);
  });

  it("refuses an unknown code in the caller's language, changing nothing", async () => {
    const invitee = await seedUser();
    const res = await processCode(invitee.cookie, "NOSUCHCODE");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("找不到此邀請碼，請確認後再試");
    expect(res.body.error.details).toEqual({ reason: "unknown_code", retryable: false });
    const en = await processCode(`${invitee.cookie}; NEXT_LOCALE=en`, "NOSUCHCODE");
    expect(en.body.error.message).toBe("This referral code does not exist. Check it and try again.");
    for (const odd of ["", "   ", "X".repeat(150)]) {
      const r = await processCode(invitee.cookie, odd);
      expect(r.status).toBe(404);
      expect(r.body.error.details.reason).toBe("unknown_code");
    }
    await expectNothingChanged(invitee.user);
  });

  it("refuses one's own code", async () => {
    const me = await seedUser();
    const res = await processCode(me.cookie, me.user.referralCode);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("不能使用自己的邀請碼");
    expect(res.body.error.details).toEqual({ reason: "own_code", retryable: false });
    await expectNothingChanged(me.user);
  });

  it("refuses a second code for an invitee who already used one, and the same code again changes nothing", async () => {
    const first = await seedUser();
    const second = await seedUser();
    const invitee = await seedUser();
    expect((await processCode(invitee.cookie, first.user.referralCode)).status).toBe(200);
    const trialAfterFirst = await trialOf(invitee.user.id);
    const firstInviterTrial = await trialOf(first.user.id);

    const other = await processCode(invitee.cookie, second.user.referralCode);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe("此帳戶已經使用過邀請碼，每個帳戶只能使用一次");
    expect(other.body.error.details).toEqual({ reason: "already_referred", retryable: false });
    expect(await trialOf(second.user.id)).toBeNull();
    expect((await referralsOf(second.user.id)).asInviter).toEqual([]);

    // A retry of the code that worked (its answer lost on the way) is answered as done, once.
    const again = await processCode(invitee.cookie, first.user.referralCode);
    expect(again.status).toBe(200);
    expect(again.body.alreadyApplied).toBe(true);
    expect(await trialOf(invitee.user.id)).toEqual(trialAfterFirst);
    expect(await trialOf(first.user.id)).toEqual(firstInviterTrial);
    expect((await referralsOf(invitee.user.id)).asInvitee).toHaveLength(1);
  });

  it("refuses a code typed on an account older than 30 days", async () => {
    const inviter = await seedUser();
    const invitee = await seedUser();
    await setUser(invitee.user.id, { createdAt: new Date(Date.now() - 31 * DAY_MS) });
    const res = await processCode(invitee.cookie, inviter.user.referralCode);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("邀請碼只適用於註冊 30 天內的新帳戶");
    expect(res.body.error.details).toEqual({ reason: "account_too_old", retryable: false });
    await expectNothingChanged(invitee.user, inviter.user);
  });

  it("draws the 30-day line to the millisecond", async () => {
    const now = new Date("2026-06-01T00:00:00.000Z");
    const inviter = await seedUser();
    const old = await seedUser();
    const young = await seedUser();
    await setUser(old.user.id, { createdAt: new Date(now.getTime() - 30 * DAY_MS - 1) });
    await setUser(young.user.id, { createdAt: new Date(now.getTime() - 30 * DAY_MS) });
    await expect(processReferral({ inviteeId: old.user.id, code: inviter.user.referralCode, now })).rejects.toMatchObject({
      messageKey: "referral_account_too_old",
    });
    const ok = await processReferral({ inviteeId: young.user.id, code: inviter.user.referralCode, now });
    expect(ok.invitee.trialEndsAt).toEqual(new Date(now.getTime() + TRIAL_MS));
  });

  it("refuses the code of a disabled inviter", async () => {
    const inviter = await seedUser();
    const invitee = await seedUser();
    await setUser(inviter.user.id, { disabled: true });
    const res = await processCode(invitee.cookie, inviter.user.referralCode);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("此邀請碼已失效");
    expect(res.body.error.details).toEqual({ reason: "inviter_disabled", retryable: false });
    await expectNothingChanged(invitee.user, inviter.user);
  });

  it("extends a shorter running trial and never shortens a longer one", async () => {
    const now = new Date("2026-06-01T08:00:00.000Z");
    const inviter = await seedUser();
    const invitee = await seedUser();
    await setUser(invitee.user.id, { createdAt: new Date(now.getTime() - DAY_MS) });
    const longer = new Date(now.getTime() + TRIAL_MS + 1);
    const shorter = new Date(now.getTime() + 3 * DAY_MS);
    await setUser(invitee.user.id, { trialEndsAt: longer });
    await setUser(inviter.user.id, { trialEndsAt: shorter });
    // An invitee who has used the product already: the inviter earns at once.
    await useTheProduct(invitee.user.id);
    await processReferral({ inviteeId: invitee.user.id, code: inviter.user.referralCode, now });
    expect(await trialOf(invitee.user.id)).toEqual(longer);
    expect(await trialOf(inviter.user.id)).toEqual(new Date(now.getTime() + TRIAL_MS));

    // An ended trial starts again from now.
    const invitee2 = await seedUser();
    await setUser(invitee2.user.id, { createdAt: new Date(now.getTime() - DAY_MS), trialEndsAt: new Date(now.getTime() - DAY_MS) });
    await processReferral({ inviteeId: invitee2.user.id, code: inviter.user.referralCode, now });
    expect(await trialOf(invitee2.user.id)).toEqual(new Date(now.getTime() + TRIAL_MS));
  });

  it("gives one referral and one trial extension for two concurrent requests with the same code", async () => {
    const inviter = await seedUser();
    const invitee = await seedUser();
    const results = await overlapping(invitee.user.id, () => [
      processCode(invitee.cookie, inviter.user.referralCode),
      processCode(invitee.cookie, inviter.user.referralCode),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.alreadyApplied).sort()).toEqual([false, true]);
    expect((await referralsOf(invitee.user.id)).asInvitee).toHaveLength(1);
    expect((await referralsOf(inviter.user.id)).asInviter).toHaveLength(1);
    const summary = await call(referralsRoute.GET, { cookie: inviter.cookie });
    expect(summary.body.invitedCount).toBe(1);
  });

  it("gives one referral for concurrent requests with different codes: only one inviter gets a trial", async () => {
    const invitee = await seedUser();
    const inviters = await Promise.all([seedUser(), seedUser(), seedUser()]);
    const results = await overlapping(invitee.user.id, () => inviters.map((i) => processCode(invitee.cookie, i.user.referralCode)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { asInvitee } = await referralsOf(invitee.user.id);
    expect(asInvitee).toHaveLength(1);
    const winner = inviters[results.findIndex((r) => r.status === 200)];
    expect(asInvitee[0].inviterId).toBe(winner.user.id);
    await useTheProduct(invitee.user.id);
    const trials = await Promise.all(inviters.map((i) => trialOf(i.user.id)));
    expect(trials.filter((t) => t !== null)).toHaveLength(1);
    expect(await trialOf(winner.user.id)).not.toBeNull();
    expect((await findUserById(invitee.user.id))!.referredById).toBe(winner.user.id);
  });

  it("needs a signed-in caller and a same-site request", async () => {
    const inviter = await seedUser();
    expect((await processCode(undefined, inviter.user.referralCode)).status).toBe(401);
    const invitee = await seedUser();
    const crossSite = await processCode(invitee.cookie, inviter.user.referralCode, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    await expectNothingChanged(invitee.user, inviter.user);
  });
});

describe("GET /api/referrals", () => {
  it("counts the people each user invited, and no one else's", async () => {
    const a = await seedUser();
    const b = await seedUser();
    for (let i = 0; i < 3; i++) {
      const invitee = await seedUser();
      expect((await processCode(invitee.cookie, a.user.referralCode)).status).toBe(200);
    }
    expect((await call(referralsRoute.GET, { cookie: a.cookie })).body.invitedCount).toBe(3);
    expect((await call(referralsRoute.GET, { cookie: b.cookie })).body).toMatchObject({ referralCode: b.user.referralCode, invitedCount: 0 });
    expect((await call(referralsRoute.GET, {})).status).toBe(401);
  });
});
