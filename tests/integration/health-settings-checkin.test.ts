import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as health from "@/app/api/health/route";
import * as workspaceAccess from "@/app/api/settings/workspace-access/route";
import * as dailyCheckin from "@/app/api/daily-checkin/route";
import { calendarDay } from "@/lib/checkin-streak";
import { getDb } from "@/lib/server/db/client";
import { dailyCheckins } from "@/lib/server/db/schema";
import { checkIn } from "@/lib/server/queries/daily-checkins";
import { canUseWorkspace, getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { call, seedUser } from "../support/http";

function daysBefore(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

async function rowsFor(userId: string, day?: string) {
  const db = await getDb();
  return db
    .select()
    .from(dailyCheckins)
    .where(day ? and(eq(dailyCheckins.userId, userId), eq(dailyCheckins.day, day)) : eq(dailyCheckins.userId, userId));
}

describe("GET /api/health", () => {
  it("answers 200 with the database reachable", async () => {
    const res = await call(health.GET as never);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { reachable: true } });
    expect(["pglite", "postgres"]).toContain(res.body.database.kind);
    expect(typeof res.body.database.ms).toBe("number");
  });

  it("needs no session and tells nothing about users", async () => {
    const { cookie } = await seedUser();
    const res = await call(health.GET as never, { cookie });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|user/i);
  });
});

describe("GET /api/settings/workspace-access", () => {
  it("lets admins and managers read the setting (default admins)", async () => {
    const admin = await seedUser({ role: "admin" });
    const manager = await seedUser({ role: "manager" });
    const asAdmin = await call(workspaceAccess.GET, { cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({ value: "admins" });
    const asManager = await call(workspaceAccess.GET, { cookie: manager.cookie });
    expect(asManager.status).toBe(200);
    expect(asManager.body).toEqual({ value: "admins" });
  });

  it("refuses ordinary users (403) and signed-out callers (401)", async () => {
    const user = await seedUser();
    expect((await call(workspaceAccess.GET, { cookie: user.cookie })).status).toBe(403);
    expect((await call(workspaceAccess.GET)).status).toBe(401);
  });
});

describe("PUT /api/settings/workspace-access", () => {
  const put = (cookie: string | undefined, body: unknown) =>
    call(workspaceAccess.PUT, { method: "PUT", cookie, body, path: "/api/settings/workspace-access" });

  it("lets an admin switch it to everyone and back, with effect on workspace access", async () => {
    const admin = await seedUser({ role: "admin" });
    const manager = await seedUser({ role: "manager" });
    const user = await seedUser();
    expect(await canUseWorkspace(user.user)).toBe(false);
    expect(await canUseWorkspace(admin.user)).toBe(true);
    expect(await canUseWorkspace(manager.user)).toBe(true);

    const on = await put(admin.cookie, { value: "everyone" });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ value: "everyone" });
    expect((await call(workspaceAccess.GET, { cookie: manager.cookie })).body).toEqual({ value: "everyone" });
    expect(await getWorkspaceAccess()).toBe("everyone");
    expect(await canUseWorkspace(user.user)).toBe(true);

    const off = await put(admin.cookie, { value: "admins" });
    expect(off.status).toBe(200);
    expect((await call(workspaceAccess.GET, { cookie: admin.cookie })).body).toEqual({ value: "admins" });
    expect(await canUseWorkspace(user.user)).toBe(false);
    // Managers make assistants from documents whatever the setting (docs/rules/roles-and-routes.md#who-has-a-workspace).
    expect(await canUseWorkspace(manager.user)).toBe(true);
  });

  it("refuses managers and users with 403 and signed-out callers with 401, changing nothing", async () => {
    const manager = await seedUser({ role: "manager" });
    const user = await seedUser();
    expect((await put(manager.cookie, { value: "everyone" })).status).toBe(403);
    expect((await put(user.cookie, { value: "everyone" })).status).toBe(403);
    expect((await put(undefined, { value: "everyone" })).status).toBe(401);
    expect(await getWorkspaceAccess()).toBe("admins");
  });

  it("rejects an invalid value with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    for (const body of [{ value: "nobody" }, { value: "EVERYONE" }, {}, { value: true }, { value: "everyone", extra: 1 }, ["everyone"]]) {
      const res = await put(admin.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation");
    }
    expect(await getWorkspaceAccess()).toBe("admins");
  });
});

describe("GET /api/daily-checkin", () => {
  it("shows an empty record before the first check-in", async () => {
    const admin = await seedUser({ role: "admin" });
    const res = await call(dailyCheckin.GET, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ today: calendarDay(new Date()), checkedInToday: false, streak: 0, checkins: [] });
  });

  it("computes the streak from consecutive days ending today", async () => {
    const manager = await seedUser({ role: "manager" });
    const today = calendarDay(new Date());
    // Yesterday and the two days before; a gap; then an older run that must not count.
    for (const n of [1, 2, 3, 5, 6]) await checkIn(manager.user.id, daysBefore(today, n), `day -${n}`);

    const before = await call(dailyCheckin.GET, { cookie: manager.cookie });
    expect(before.status).toBe(200);
    // Not yet checked in today: the run ending yesterday still counts.
    expect(before.body).toMatchObject({ checkedInToday: false, streak: 3 });
    expect(before.body.checkins.map((c: { day: string }) => c.day)).toEqual([1, 2, 3, 5, 6].map((n) => daysBefore(today, n)));

    const after = await call(dailyCheckin.POST, { method: "POST", cookie: manager.cookie, body: {} });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ checkedInToday: true, streak: 4, today });
  });

  it("resets the streak after a missed day", async () => {
    const admin = await seedUser({ role: "admin" });
    const today = calendarDay(new Date());
    await checkIn(admin.user.id, daysBefore(today, 2), null);
    await checkIn(admin.user.id, daysBefore(today, 3), null);
    const res = await call(dailyCheckin.GET, { cookie: admin.cookie });
    expect(res.body).toMatchObject({ checkedInToday: false, streak: 0 });
  });

  it("refuses ordinary users (403) and signed-out callers (401)", async () => {
    const user = await seedUser();
    expect((await call(dailyCheckin.GET, { cookie: user.cookie })).status).toBe(403);
    expect((await call(dailyCheckin.GET)).status).toBe(401);
  });
});

describe("POST /api/daily-checkin", () => {
  const post = (cookie: string | undefined, body: unknown) =>
    call(dailyCheckin.POST, { method: "POST", cookie, body, path: "/api/daily-checkin" });

  for (const role of ["admin", "manager"] as const) {
    it(`checks a ${role} in for today; a second check-in keeps one row and updates the note`, async () => {
      const staff = await seedUser({ role });
      const today = calendarDay(new Date());
      const first = await post(staff.cookie, { note: "  早安  " });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ today, checkedInToday: true, streak: 1 });
      expect(first.body.checkins).toEqual([{ day: today, note: "早安" }]);

      const second = await post(staff.cookie, { note: "午安" });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ checkedInToday: true, streak: 1 });
      expect(second.body.checkins).toEqual([{ day: today, note: "午安" }]);

      const rows = await rowsFor(staff.user.id, today);
      expect(rows).toHaveLength(1);
      expect(rows[0].note).toBe("午安");
      expect(await rowsFor(staff.user.id)).toHaveLength(1);

      const view = await call(dailyCheckin.GET, { cookie: staff.cookie });
      expect(view.body).toMatchObject({ checkedInToday: true, streak: 1, checkins: [{ day: today, note: "午安" }] });
    });
  }

  it("keeps one row when the same person checks in many times at once", async () => {
    const admin = await seedUser({ role: "admin" });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(admin.cookie, { note: `n${i}` })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await rowsFor(admin.user.id)).toHaveLength(1);
  });

  it("accepts a check-in without a note", async () => {
    const manager = await seedUser({ role: "manager" });
    const res = await call(dailyCheckin.POST, { method: "POST", cookie: manager.cookie });
    expect(res.status).toBe(200);
    expect(res.body.checkins).toEqual([{ day: calendarDay(new Date()), note: null }]);
  });

  it("keeps each person's check-ins separate", async () => {
    const a = await seedUser({ role: "admin" });
    const b = await seedUser({ role: "manager" });
    await post(a.cookie, { note: "a's private note" });
    const view = await call(dailyCheckin.GET, { cookie: b.cookie });
    expect(view.body.checkins).toEqual([]);
    expect(JSON.stringify(view.body)).not.toContain("a's private note");
  });

  it("rejects a note over 1000 characters or of the wrong type with 400, storing nothing", async () => {
    const admin = await seedUser({ role: "admin" });
    for (const body of [{ note: "x".repeat(1001) }, { note: 5 }, { note: ["a"] }]) {
      const res = await post(admin.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await rowsFor(admin.user.id)).toHaveLength(0);
  });

  it("refuses ordinary users (403) and signed-out callers (401), storing nothing", async () => {
    const user = await seedUser();
    expect((await post(user.cookie, { note: "me too" })).status).toBe(403);
    expect((await post(undefined, { note: "me too" })).status).toBe(401);
    expect(await rowsFor(user.user.id)).toHaveLength(0);
  });
});
