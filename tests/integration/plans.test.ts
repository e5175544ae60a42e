import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as planRoute from "@/app/api/plan/route";
import * as userRoute from "@/app/api/user/route";
import * as usersRoute from "@/app/api/users/route";
import * as userIdRoute from "@/app/api/users/[id]/route";
import * as upload from "@/app/api/documents/upload/route";
import * as usage from "@/app/api/documents/usage/route";
import { calendarDay } from "@/lib/checkin-streak";
import { REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { users, type User } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { effectivePlan, extendedTrialEnd, supporterGrantEnd } from "@/lib/server/policies/effective-plan";
import { findUserById } from "@/lib/server/queries/users";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { addDays } from "@/lib/zoned-day";
import { call, multipart, seedUser } from "../support/http";

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

async function setUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<User> {
  const db = await getDb();
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

function patch(cookie: string, id: string, body: unknown) {
  return call(userIdRoute.PATCH, { method: "PATCH", cookie, params: { id }, path: `/api/users/${id}`, body });
}

async function uploadAs(cookie: string, name: string, bytes: number | string) {
  const text = typeof bytes === "number" ? "p".repeat(bytes) : bytes;
  const { rawBody, headers } = await multipart({ file: new File([text], name, { type: "text/plain" }) });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
}

/** The plan as /api/user, /api/plan and the admin's user list each tell it. */
async function planEverywhere(who: { cookie: string; user: User }, adminCookie: string) {
  const me = await call(userRoute.GET, { cookie: who.cookie });
  const overview = await call(planRoute.GET, { cookie: who.cookie });
  const list = await call(usersRoute.GET, { cookie: adminCookie, path: `/api/users?search=${encodeURIComponent(who.user.email)}` });
  const listed = list.body.users.find((u: { id: string }) => u.id === who.user.id);
  return { me: me.body.planStatus, overview: overview.body.status, listed: listed.planStatus, overviewBody: overview.body };
}

describe("effective plan arithmetic", () => {
  const base = { role: "user", plan: "free", supporterUntil: null, trialEndsAt: null } as const;
  const at = new Date("2026-06-01T12:00:00.000Z");
  const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

  it("holds a trial until the millisecond it ends", async () => {
    const { user } = await seedUser();
    const stored = await setUser(user.id, { trialEndsAt: at });
    expect(effectivePlan(stored, ms(at, -1))).toMatchObject({ kind: "trial", until: at, tier: "supporter", monthlyUploads: null, maxFileBytes: 30 * MB });
    expect(effectivePlan(stored, at)).toMatchObject({ kind: "free", until: null, tier: "free", monthlyUploads: 5, maxFileBytes: 10 * MB });
    expect(effectivePlan(stored, ms(at, 1)).kind).toBe("free");
  });

  it("holds a supporter grant until the millisecond it ends, then falls back to a running trial, then free", async () => {
    const { user } = await seedUser();
    const stored = await setUser(user.id, { plan: "supporter", supporterUntil: at, trialEndsAt: ms(at, DAY_MS) });
    expect(effectivePlan(stored, ms(at, -1))).toMatchObject({ kind: "supporter", until: at, tier: "supporter" });
    expect(effectivePlan(stored, at)).toMatchObject({ kind: "trial", until: ms(at, DAY_MS) });
    expect(effectivePlan(stored, ms(at, DAY_MS + 1)).kind).toBe("free");
    expect(effectivePlan({ ...base, plan: "supporter" }, at)).toMatchObject({ kind: "supporter", until: null });
  });

  it("treats a grant whose end is already past as free, and admins as unlimited whatever their plan", () => {
    expect(effectivePlan({ ...base, plan: "supporter", supporterUntil: ms(at, -1) }, at).kind).toBe("free");
    expect(effectivePlan({ ...base, role: "admin" }, at)).toMatchObject({ kind: "admin", monthlyUploads: null, maxFileBytes: 30 * MB });
    expect(effectivePlan({ ...base, role: "manager" }, at).kind).toBe("free");
  });

  it("extends a trial to 14 days from now but never shortens a longer one", () => {
    const fourteen = ms(at, REFERRAL_TRIAL_DAYS * DAY_MS);
    expect(extendedTrialEnd(null, at)).toEqual(fourteen);
    expect(extendedTrialEnd(ms(at, -DAY_MS), at)).toEqual(fourteen);
    expect(extendedTrialEnd(ms(fourteen, -1), at)).toEqual(fourteen);
    expect(extendedTrialEnd(ms(fourteen, 1), at)).toEqual(ms(fourteen, 1));
  });

  it("ends a supporter grant when its last day ends in Taipei", () => {
    expect(supporterGrantEnd("2026-06-30").toISOString()).toBe("2026-06-30T16:00:00.000Z");
  });
});

describe("GET /api/plan", () => {
  it("shows a trial one millisecond before its end and free once it has ended, the same everywhere", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    const ends = new Date(Date.now() + 60_000);
    await setUser(who.user.id, { trialEndsAt: ends });
    const running = await planEverywhere(who, admin.cookie);
    expect(running.me).toEqual({ kind: "trial", until: ends.toISOString(), monthlyUploads: null, maxFileBytes: 30 * MB });
    expect(running.overview).toEqual(running.me);
    expect(running.listed).toEqual(running.me);
    expect(running.overviewBody.trialEndsAt).toBe(ends.toISOString());

    await setUser(who.user.id, { trialEndsAt: new Date(Date.now() - 1) });
    const ended = await planEverywhere(who, admin.cookie);
    expect(ended.me).toEqual({ kind: "free", until: null, monthlyUploads: 5, maxFileBytes: 10 * MB });
    expect(ended.overview).toEqual(ended.me);
    expect(ended.listed).toEqual(ended.me);
    expect(ended.overviewBody.trialEndsAt).toBeNull();
  });

  it("counts this month's uploads against the plan's limit", async () => {
    const who = await seedUser();
    for (let i = 0; i < 2; i++) expect((await uploadAs(who.cookie, `u${i}.txt`, `upload ${i}`)).status).toBe(201);
    const res = await call(planRoute.GET, { cookie: who.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month: calendarDay(new Date()).slice(0, 7), uploads: 2, status: { kind: "free", monthlyUploads: 5 } });
    expect((await call(planRoute.GET, {})).status).toBe(401);
  });

  it("says whether the user has a workspace to upload into, as the workspace setting and role decide", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    const manager = await seedUser({ role: "manager" });
    const workspace = async (cookie: string) => (await call(planRoute.GET, { cookie })).body.workspace;
    expect([await workspace(who.cookie), await workspace(manager.cookie), await workspace(admin.cookie)]).toEqual([true, true, true]);
    await setWorkspaceAccess("admins");
    try {
      expect([await workspace(who.cookie), await workspace(manager.cookie), await workspace(admin.cookie)]).toEqual([false, true, true]);
    } finally {
      await setWorkspaceAccess("everyone");
    }
  });
});

describe("upload limits follow the effective plan", () => {
  it("lets a trial upload past 5 files and 10 MB, then holds the user to the free plan once it has ended", async () => {
    const who = await seedUser();
    await setUser(who.user.id, { trialEndsAt: new Date(Date.now() + 60_000) });
    for (let i = 0; i < 6; i++) expect((await uploadAs(who.cookie, `t${i}.txt`, `trial ${i}`)).status).toBe(201);
    expect((await uploadAs(who.cookie, "big.txt", 12 * MB)).status).toBe(201);

    await setUser(who.user.id, { trialEndsAt: new Date(Date.now() - 1) });
    const seventh = await uploadAs(who.cookie, "after.txt", "after the trial");
    expect(seventh.status).toBe(403);
    expect(seventh.body.error.message).toContain("本月已上傳 5 個檔案");
    const big = await uploadAs(who.cookie, "big2.txt", 12 * MB);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("檔案超過 10MB 的上限");
    expect((await call(usage.GET, { cookie: who.cookie })).body).toMatchObject({ uploads: 7, monthlyLimit: 5, maxFileBytes: 10 * MB });
  }, 60_000);

  it("holds a supporter whose grant ended to the free plan", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser({ plan: "supporter" });
    await setUser(who.user.id, { supporterUntil: new Date(Date.now() - 1) });
    expect((await planEverywhere(who, admin.cookie)).listed).toMatchObject({ kind: "free", monthlyUploads: 5 });
    expect((await uploadAs(who.cookie, "big.txt", 10 * MB + 1)).status).toBe(413);
    for (let i = 0; i < 5; i++) expect((await uploadAs(who.cookie, `s${i}.txt`, `s ${i}`)).status).toBe(201);
    expect((await uploadAs(who.cookie, "s6.txt", "s 6")).status).toBe(403);

    // The admin grants it again until a day still to come: unlimited at once, no job involved.
    const day = addDays(calendarDay(new Date()), 1);
    expect((await patch(admin.cookie, who.user.id, { plan: "supporter", supporterUntil: day })).status).toBe(200);
    expect((await uploadAs(who.cookie, "s6.txt", "s 6")).status).toBe(201);
    expect((await uploadAs(who.cookie, "big.txt", 10 * MB + 1)).status).toBe(201);
  }, 60_000);
});

describe("PATCH /api/users/{id}: supporter grants", () => {
  it("grants supporter until the end of a chosen day (Taipei), shown the same everywhere", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    const day = addDays(calendarDay(new Date()), 30);
    const res = await patch(admin.cookie, who.user.id, { plan: "supporter", supporterUntil: day });
    expect(res.status).toBe(200);
    const end = supporterGrantEnd(day).toISOString();
    expect(res.body.user).toMatchObject({ plan: "supporter", supporterUntil: end, planStatus: { kind: "supporter", until: end } });
    expect((await findUserById(who.user.id))!.supporterUntil!.toISOString()).toBe(end);
    const seen = await planEverywhere(who, admin.cookie);
    expect(seen.me).toEqual({ kind: "supporter", until: end, monthlyUploads: null, maxFileBytes: 30 * MB });
    expect(seen.overview).toEqual(seen.me);
    expect(seen.listed).toEqual(seen.me);
    expect(seen.overviewBody.supporterUntil).toBe(end);
  });

  it("grants with no end date, and today as the last day", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    await setUser(who.user.id, { supporterUntil: new Date(Date.now() - DAY_MS) });
    const open = await patch(admin.cookie, who.user.id, { plan: "supporter" });
    expect(open.body.user).toMatchObject({ supporterUntil: null, planStatus: { kind: "supporter", until: null } });
    const today = calendarDay(new Date());
    const todayOnly = await patch(admin.cookie, who.user.id, { plan: "supporter", supporterUntil: today });
    expect(todayOnly.status).toBe(200);
    expect(todayOnly.body.user.planStatus).toMatchObject({ kind: "supporter", until: supporterGrantEnd(today).toISOString() });
  });

  it("removes supporter, clearing the end date", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    await patch(admin.cookie, who.user.id, { plan: "supporter", supporterUntil: addDays(calendarDay(new Date()), 3) });
    const res = await patch(admin.cookie, who.user.id, { plan: "free" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ plan: "free", supporterUntil: null, planStatus: { kind: "free" } });
  });

  it("refuses a day in the past, a malformed day, and an end date without the supporter plan, changing nothing", async () => {
    const admin = await seedUser({ role: "admin" });
    const who = await seedUser();
    const yesterday = addDays(calendarDay(new Date()), -1);
    const cases: [unknown, string][] = [
      [{ plan: "supporter", supporterUntil: yesterday }, "validation.supporterUntilPast"],
      [{ plan: "supporter", supporterUntil: "2026-02-30" }, "validation.supporterUntilInvalid"],
      [{ plan: "supporter", supporterUntil: "next week" }, "validation.supporterUntilInvalid"],
      [{ supporterUntil: addDays(calendarDay(new Date()), 3) }, "validation.supporterUntilNeedsSupporter"],
      [{ plan: "free", supporterUntil: addDays(calendarDay(new Date()), 3) }, "validation.supporterUntilNeedsSupporter"],
    ];
    for (const [body, message] of cases) {
      const res = await patch(admin.cookie, who.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
    }
    expect(await findUserById(who.user.id)).toMatchObject({ plan: "free", supporterUntil: null });
  });

  it("lets only admins grant", async () => {
    const manager = await seedUser({ role: "manager" });
    const who = await seedUser();
    const res = await patch(manager.cookie, who.user.id, { plan: "supporter" });
    expect(res.status).toBe(403);
    const self = await patch(who.cookie, who.user.id, { plan: "supporter" });
    expect(self.status).toBe(403);
    expect(await findUserById(who.user.id)).toMatchObject({ plan: "free", supporterUntil: null });
  });
});
