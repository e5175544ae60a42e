import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as processRoute from "@/app/api/referrals/process/route";
import { REFERRAL_REWARD_PERIOD_DAYS, REFERRAL_REWARDS_PER_PERIOD, REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { documents, referrals } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { findUserById } from "@/lib/server/queries/users";
import { rewardInviterIfEarned } from "@/lib/server/use-cases/reward-inviter";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";

// docs/rules/plans-and-referrals.md#referrals: a trial cannot be farmed with throwaway accounts.
// The inviter's days come only once an invitee has really used the product (a processed document),
// and at most REFERRAL_REWARDS_PER_PERIOD times in REFERRAL_REWARD_PERIOD_DAYS; the invitee's own
// days come at once, as the spec's rule says for honest use.

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(() => {
  registerJobs();
});

const applyCode = (cookie: string, referralCode: string) => call(processRoute.POST, { method: "POST", cookie, body: { referralCode } });

async function useTheProduct(userId: string) {
  const { document } = await uploadDocument({ user: (await findUserById(userId))!, name: "notes.txt", bytes: new TextEncoder().encode("Minutes: the launch moves to Friday.\n") });
  await drainJobs();
  const [row] = await (await getDb()).select({ status: documents.status }).from(documents).where(eq(documents.id, document.id));
  expect(row.status).toBe("processed");
}

async function rewardedReferrals(inviterId: string) {
  const rows = await (await getDb()).select().from(referrals).where(eq(referrals.inviterId, inviterId));
  return rows.filter((r) => r.inviterRewardedAt !== null);
}

describe("referral trials that cannot be farmed", { timeout: 120_000 }, () => {
  it("throwaway accounts that only apply the code give the inviter nothing", async () => {
    const inviter = await seedUser();
    for (let i = 0; i < 4; i++) {
      const throwaway = await seedUser();
      expect((await applyCode(throwaway.cookie, inviter.user.referralCode)).status).toBe(200);
      // The invitee's own trial is there at once.
      expect((await findUserById(throwaway.user.id))!.trialEndsAt).not.toBeNull();
    }
    expect((await findUserById(inviter.user.id))!.trialEndsAt).toBeNull();
    expect(await rewardedReferrals(inviter.user.id)).toHaveLength(0);
  });

  it(`invitees who use the product earn the inviter at most ${REFERRAL_REWARDS_PER_PERIOD} extensions in ${REFERRAL_REWARD_PERIOD_DAYS} days`, async () => {
    const inviter = await seedUser();
    const invitees = [];
    for (let i = 0; i < REFERRAL_REWARDS_PER_PERIOD + 2; i++) {
      const invitee = await seedUser();
      expect((await applyCode(invitee.cookie, inviter.user.referralCode)).status).toBe(200);
      await useTheProduct(invitee.user.id);
      invitees.push(invitee);
    }
    const rewarded = await rewardedReferrals(inviter.user.id);
    expect(rewarded).toHaveLength(REFERRAL_REWARDS_PER_PERIOD);
    const trial = (await findUserById(inviter.user.id))!.trialEndsAt!;
    expect(trial.getTime()).toBeLessThanOrEqual(Date.now() + REFERRAL_TRIAL_DAYS * DAY_MS);

    // A later document of an invitee past the cap gives nothing more in the same period.
    const waiting = invitees.find((i) => !rewarded.some((r) => r.inviteeId === i.user.id))!;
    expect(await rewardInviterIfEarned(waiting.user.id)).toBe(false);

    // Once the period has passed since those rewards, a waiting invitee's use earns again, once.
    const db = await getDb();
    await db
      .update(referrals)
      .set({ inviterRewardedAt: new Date(Date.now() - (REFERRAL_REWARD_PERIOD_DAYS + 1) * DAY_MS) })
      .where(inArray(referrals.id, rewarded.map((r) => r.id)));
    expect(await rewardInviterIfEarned(waiting.user.id)).toBe(true);
    expect(await rewardInviterIfEarned(waiting.user.id)).toBe(false);
  });

  it("honest use: both sides get 14 days, the inviter once the friend's first document is processed", async () => {
    const inviter = await seedUser();
    const friend = await seedUser();
    const before = Date.now();
    expect((await applyCode(friend.cookie, inviter.user.referralCode)).status).toBe(200);
    await useTheProduct(friend.user.id);
    const after = Date.now();
    for (const id of [inviter.user.id, friend.user.id]) {
      const ends = (await findUserById(id))!.trialEndsAt!.getTime();
      expect(ends).toBeGreaterThanOrEqual(before + REFERRAL_TRIAL_DAYS * DAY_MS);
      expect(ends).toBeLessThanOrEqual(after + REFERRAL_TRIAL_DAYS * DAY_MS);
    }
  });
});
