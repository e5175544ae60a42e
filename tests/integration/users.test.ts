import { describe, expect, it } from "vitest";
import * as usersRoute from "@/app/api/users/route";
import * as userIdRoute from "@/app/api/users/[id]/route";
import * as userRoute from "@/app/api/user/route";
import * as login from "@/app/api/login/route";
import { deleteUserGuarded, findUserById, listUsers, updateUserGuarded } from "@/lib/server/queries/users";
import { call, seedUser } from "../support/http";
import { withFreshDatabase } from "../support/fresh-database";

const LAST_ADMIN = "無法變更最後一位管理員";
const CANNOT_CHANGE_SELF = "無法停用或刪除自己的帳戶";
const USER_NOT_FOUND = "找不到此用戶";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let seq = 0;
/** A prefix no other test in this file uses, so searches see only this test's users. */
const tag = () => `t${++seq}x${Date.now().toString(36)}`;

async function seedNamed(email: string, displayName: string, role: "admin" | "manager" | "user" = "user") {
  const seeded = await seedUser({ email, role });
  await updateUserGuarded(seeded.user.id, { displayName });
  return seeded;
}

function list(cookie: string | undefined, query = "") {
  return call(usersRoute.GET, { cookie, path: `/api/users${query}` });
}

function patch(cookie: string | undefined, id: string, body: unknown) {
  return call(userIdRoute.PATCH, { method: "PATCH", cookie, params: { id }, path: `/api/users/${id}`, body });
}

function remove(cookie: string | undefined, id: string) {
  return call(userIdRoute.DELETE, { method: "DELETE", cookie, params: { id }, path: `/api/users/${id}` });
}

describe("GET /api/users", () => {
  it("lists users with public fields only", async () => {
    const admin = await seedUser({ role: "admin" });
    const other = await seedUser();
    const res = await list(admin.cookie, "?limit=100");
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    const ids = res.body.users.map((u: { id: string }) => u.id);
    expect(ids).toContain(admin.user.id);
    expect(ids).toContain(other.user.id);
    for (const u of res.body.users) {
      expect(u).not.toHaveProperty("passwordHash");
      expect(u).not.toHaveProperty("sessionVersion");
      expect(u).not.toHaveProperty("googleSub");
      expect(u).toHaveProperty("email");
      expect(u).toHaveProperty("role");
      expect(u).toHaveProperty("plan");
    }
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });

  it("searches by display name and by e-mail, case-insensitively", async () => {
    const admin = await seedUser({ role: "admin" });
    const t = tag();
    const byName = await seedNamed(`${t}-plain@example.com`, `Alice ${t.toUpperCase()} 王小明`);
    const byMail = await seedNamed(`${t}-bob@example.com`, "Bob");
    await seedNamed(`unrelated-${t.slice(0, 2)}@example.com`, "Carol");

    const name = await list(admin.cookie, `?search=${encodeURIComponent("王小明")}`);
    expect(name.status).toBe(200);
    expect(name.body.users.map((u: { id: string }) => u.id)).toEqual([byName.user.id]);
    expect(name.body.total).toBe(1);

    const mail = await list(admin.cookie, `?search=${encodeURIComponent(`${t}-BOB@`)}`);
    expect(mail.body.users.map((u: { id: string }) => u.id)).toEqual([byMail.user.id]);

    const both = await list(admin.cookie, `?search=${t}`);
    expect(both.body.users.map((u: { id: string }) => u.id).sort()).toEqual([byName.user.id, byMail.user.id].sort());
    expect(both.body.total).toBe(2);

    const none = await list(admin.cookie, `?search=${t}-nobody`);
    expect(none.body).toEqual({ users: [], total: 0 });
  });

  it("treats % and _ in the search literally", async () => {
    const admin = await seedUser({ role: "admin" });
    const t = tag();
    const percent = await seedNamed(`${t}-a@example.com`, `${t} 100% done`);
    await seedNamed(`${t}-b@example.com`, `${t} 100x done`);
    const underscore = await seedNamed(`${t}_under@example.com`, "Under");
    await seedNamed(`${t}xunder@example.com`, "NotUnder");

    const pct = await list(admin.cookie, `?search=${encodeURIComponent("100%")}`);
    expect(pct.status).toBe(200);
    expect(pct.body.users.map((u: { id: string }) => u.id)).toEqual([percent.user.id]);

    const und = await list(admin.cookie, `?search=${encodeURIComponent(`${t}_under`)}`);
    expect(und.body.users.map((u: { id: string }) => u.id)).toEqual([underscore.user.id]);

    // A lone wildcard character matches only names that contain it, not every user.
    const onlyPct = await list(admin.cookie, `?search=${encodeURIComponent("%")}&limit=100`);
    expect(onlyPct.body.users.map((u: { id: string }) => u.id)).toEqual([percent.user.id]);
    const onlyUnderscore = await list(admin.cookie, `?search=${encodeURIComponent("_")}&limit=100`);
    expect(onlyUnderscore.body.users.map((u: { id: string }) => u.id)).toEqual([underscore.user.id]);

    // A backslash is not an escape character for the caller either.
    const backslash = await list(admin.cookie, `?search=${encodeURIComponent("\\%")}`);
    expect(backslash.status).toBe(200);
    expect(backslash.body.total).toBe(0);
  });

  it("filters by role", async () => {
    const admin = await seedUser({ role: "admin" });
    const t = tag();
    const mgr = await seedNamed(`${t}-m@example.com`, `${t} manager`, "manager");
    await seedNamed(`${t}-u@example.com`, `${t} user`, "user");

    const managers = await list(admin.cookie, "?role=manager&limit=100");
    expect(managers.status).toBe(200);
    expect(managers.body.users.length).toBeGreaterThan(0);
    expect(managers.body.users.every((u: { role: string }) => u.role === "manager")).toBe(true);
    expect(managers.body.users.map((u: { id: string }) => u.id)).toContain(mgr.user.id);

    const admins = await list(admin.cookie, "?role=admin&limit=100");
    expect(admins.body.users.every((u: { role: string }) => u.role === "admin")).toBe(true);
    expect(admins.body.users.map((u: { id: string }) => u.id)).toContain(admin.user.id);

    const combined = await list(admin.cookie, `?role=manager&search=${t}`);
    expect(combined.body.users.map((u: { id: string }) => u.id)).toEqual([mgr.user.id]);
    expect(combined.body.total).toBe(1);

    const bad = await list(admin.cookie, "?role=superuser");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation");
  });

  it("paginates with limit and offset, newest first, without overlap", async () => {
    const admin = await seedUser({ role: "admin" });
    const t = tag();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await seedNamed(`${t}-${i}@example.com`, `${t} page ${i}`)).user.id);

    const pages: string[][] = [];
    for (let offset = 0; offset < 9; offset += 3) {
      const res = await list(admin.cookie, `?search=${t}&limit=3&offset=${offset}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(7);
      pages.push(res.body.users.map((u: { id: string }) => u.id));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    expect(all).toEqual([...created].reverse());

    const past = await list(admin.cookie, `?search=${t}&limit=3&offset=50`);
    expect(past.body).toEqual({ users: [], total: 7 });
  });

  it("rejects out-of-range paging with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    for (const q of ["?limit=0", "?limit=101", "?limit=abc", "?offset=-1", "?limit=1.5", `?search=${"x".repeat(201)}`]) {
      const res = await list(admin.cookie, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe("validation");
    }
  });

  it("is admin-only: signed out 401, user 403, manager 403", async () => {
    const user = await seedUser();
    const manager = await seedUser({ role: "manager" });
    const out = await list(undefined);
    expect(out.status).toBe(401);
    expect(out.body.error.code).toBe("unauthorized");
    const asUser = await list(user.cookie);
    expect(asUser.status).toBe(403);
    expect(asUser.body.error.code).toBe("forbidden");
    expect(asUser.body.users).toBeUndefined();
    const asManager = await list(manager.cookie);
    expect(asManager.status).toBe(403);
    expect(asManager.body.users).toBeUndefined();
  });
});

describe("GET /api/users/{id}", () => {
  it("returns one user without secrets", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser({ plan: "supporter" });
    const res = await call(userIdRoute.GET, { cookie: admin.cookie, params: { id: target.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: target.user.id, email: target.email, role: "user", plan: "supporter" });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.user.sessionVersion).toBeUndefined();
  });

  it("answers 404 for an unknown id", async () => {
    const admin = await seedUser({ role: "admin" });
    for (const id of [UNKNOWN_ID, "not-a-uuid", "../users"]) {
      const res = await call(userIdRoute.GET, { cookie: admin.cookie, params: { id } });
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(USER_NOT_FOUND);
    }
  });

  it("is admin-only", async () => {
    const target = await seedUser();
    const manager = await seedUser({ role: "manager" });
    expect((await call(userIdRoute.GET, { params: { id: target.user.id } })).status).toBe(401);
    expect((await call(userIdRoute.GET, { cookie: target.cookie, params: { id: target.user.id } })).status).toBe(403);
    expect((await call(userIdRoute.GET, { cookie: manager.cookie, params: { id: target.user.id } })).status).toBe(403);
  });
});

describe("PATCH /api/users/{id}", () => {
  it("changes role, plan, disabled and displayName", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();

    const role = await patch(admin.cookie, target.user.id, { role: "manager" });
    expect(role.status).toBe(200);
    expect(role.body.user.role).toBe("manager");

    const plan = await patch(admin.cookie, target.user.id, { plan: "supporter" });
    expect(plan.status).toBe(200);
    expect(plan.body.user).toMatchObject({ plan: "supporter", effectivePlan: "supporter" });

    const name = await patch(admin.cookie, target.user.id, { displayName: "  新名字  " });
    expect(name.status).toBe(200);
    expect(name.body.user.displayName).toBe("新名字");

    const disabled = await patch(admin.cookie, target.user.id, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.user.disabled).toBe(true);

    const enabled = await patch(admin.cookie, target.user.id, { disabled: false });
    expect(enabled.body.user.disabled).toBe(false);

    const several = await patch(admin.cookie, target.user.id, { role: "user", plan: "free", displayName: "Back" });
    expect(several.body.user).toMatchObject({ role: "user", plan: "free", displayName: "Back", disabled: false });

    const stored = await findUserById(target.user.id);
    expect(stored).toMatchObject({ role: "user", plan: "free", displayName: "Back", disabled: false });
    expect(several.body.user.passwordHash).toBeUndefined();
  });

  it("accepts an empty body as a no-op", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    const res = await patch(admin.cookie, target.user.id, {});
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("user");
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(200);
  });

  it("ends the user's sessions when they are disabled, and refuses their sign-in", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(200);
    expect((await patch(admin.cookie, target.user.id, { disabled: true })).status).toBe(200);
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(401);

    const signIn = await call(login.POST, {
      method: "POST",
      body: { email: target.email, password: target.password },
      headers: { "x-client-ip": "198.18.0.1" },
    });
    expect(signIn.status).toBe(403);

    // Re-enabling does not revive the old cookie; the user signs in again.
    expect((await patch(admin.cookie, target.user.id, { disabled: false })).status).toBe(200);
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(401);
    const again = await call(login.POST, {
      method: "POST",
      body: { email: target.email, password: target.password },
      headers: { "x-client-ip": "198.18.0.2" },
    });
    expect(again.status).toBe(200);
  });

  it("ends the user's sessions when their role changes, either way", async () => {
    const admin = await seedUser({ role: "admin" });
    const promoted = await seedUser();
    expect((await patch(admin.cookie, promoted.user.id, { role: "manager" })).status).toBe(200);
    expect((await call(userRoute.GET, { cookie: promoted.cookie })).status).toBe(401);

    const demoted = await seedUser({ role: "admin" });
    expect((await patch(admin.cookie, demoted.user.id, { role: "user" })).status).toBe(200);
    const res = await call(usersRoute.GET, { cookie: demoted.cookie });
    expect(res.status).toBe(401);
    expect((await call(userRoute.GET, { cookie: demoted.cookie })).status).toBe(401);
  });

  it("keeps the user's sessions when only the plan or name changes, or the role is set to the same value", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    expect((await patch(admin.cookie, target.user.id, { plan: "supporter", displayName: "Still here" })).status).toBe(200);
    expect((await patch(admin.cookie, target.user.id, { role: "user" })).status).toBe(200);
    const me = await call(userRoute.GET, { cookie: target.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ plan: "supporter", displayName: "Still here" });
  });

  it("lets an admin demote themselves only while another active admin exists", async () => {
    await withFreshDatabase(async () => {
      const only = await seedUser({ role: "admin" });
      const res = await patch(only.cookie, only.user.id, { role: "user" });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("conflict");
      expect(res.body.error.message).toBe(LAST_ADMIN);
      expect((await findUserById(only.user.id))?.role).toBe("admin");
      expect((await call(userRoute.GET, { cookie: only.cookie })).status).toBe(200);

      // A disabled admin does not count as another admin.
      const dormant = await seedUser({ role: "admin" });
      expect((await patch(only.cookie, dormant.user.id, { disabled: true })).status).toBe(200);
      const stillRefused = await patch(only.cookie, only.user.id, { role: "manager" });
      expect(stillRefused.status).toBe(409);
      expect(stillRefused.body.error.message).toBe(LAST_ADMIN);

      const second = await seedUser({ role: "admin" });
      const ok = await patch(only.cookie, only.user.id, { role: "manager" });
      expect(ok.status).toBe(200);
      expect(ok.body.user.role).toBe("manager");
      // Their own session ended with the role change.
      expect((await call(userRoute.GET, { cookie: only.cookie })).status).toBe(401);

      // Now `second` is the last active admin.
      const refused = await patch(second.cookie, second.user.id, { role: "user" });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(LAST_ADMIN);
    });
  });

  it("never lets the last active admin be demoted, disabled or deleted (guarded in the query)", async () => {
    await withFreshDatabase(async () => {
      const only = await seedUser({ role: "admin" });
      await seedUser({ role: "manager" });
      await seedUser();
      expect(await updateUserGuarded(only.user.id, { role: "manager" })).toEqual({ ok: false, reason: "last_admin" });
      expect(await updateUserGuarded(only.user.id, { disabled: true })).toEqual({ ok: false, reason: "last_admin" });
      expect(await updateUserGuarded(only.user.id, { role: "user", disabled: true })).toEqual({ ok: false, reason: "last_admin" });
      expect(await deleteUserGuarded(only.user.id)).toEqual({ ok: false, reason: "last_admin" });
      expect(await findUserById(only.user.id)).toMatchObject({ role: "admin", disabled: false });
      // Changes that keep them an active admin are fine.
      expect((await updateUserGuarded(only.user.id, { plan: "supporter" })).ok).toBe(true);
    });
  });

  it("refuses an admin disabling themselves with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    await seedUser({ role: "admin" });
    const res = await patch(admin.cookie, admin.user.id, { disabled: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.message).toBe(CANNOT_CHANGE_SELF);
    expect((await findUserById(admin.user.id))?.disabled).toBe(false);
    expect((await call(userRoute.GET, { cookie: admin.cookie })).status).toBe(200);
  });

  it("answers 404 for an unknown id", async () => {
    const admin = await seedUser({ role: "admin" });
    const res = await patch(admin.cookie, UNKNOWN_ID, { plan: "supporter" });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(USER_NOT_FOUND);
  });

  it("rejects fields outside the schema with 400 and changes nothing", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    const before = await findUserById(target.user.id);
    const sneaky: Record<string, unknown>[] = [
      { passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB" },
      { sessionVersion: 0 },
      { sessionVersion: 99, displayName: "x" },
      { email: "hijack@example.com" },
      { id: UNKNOWN_ID },
      { referralCode: "AAAAAAAA" },
      { googleSub: "google-123" },
      { trialEndsAt: "2099-01-01T00:00:00.000Z" },
      { createdAt: "2000-01-01T00:00:00.000Z" },
      { role: "user", isAdmin: true },
    ];
    for (const body of sneaky) {
      const res = await patch(admin.cookie, target.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation");
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    expect(await findUserById(target.user.id)).toEqual(before);
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(200);
  });

  it("rejects invalid values with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    for (const body of [
      { role: "owner" },
      { role: "ADMIN" },
      { plan: "platinum" },
      { disabled: "true" },
      { disabled: 1 },
      { displayName: "" },
      { displayName: "   " },
      { displayName: "x".repeat(51) },
      { displayName: "line\nbreak" },
      { displayName: 42 },
    ]) {
      const res = await patch(admin.cookie, target.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await findUserById(target.user.id)).toMatchObject({ role: "user", plan: "free", disabled: false });
  });

  it("is admin-only: a manager or user cannot change anyone, including themselves", async () => {
    const manager = await seedUser({ role: "manager" });
    const user = await seedUser();
    expect((await patch(undefined, user.user.id, { plan: "supporter" })).status).toBe(401);
    expect((await patch(user.cookie, user.user.id, { role: "admin" })).status).toBe(403);
    expect((await patch(user.cookie, user.user.id, { plan: "supporter" })).status).toBe(403);
    expect((await patch(manager.cookie, manager.user.id, { role: "admin" })).status).toBe(403);
    expect((await patch(manager.cookie, user.user.id, { disabled: true })).status).toBe(403);
    expect(await findUserById(user.user.id)).toMatchObject({ role: "user", plan: "free", disabled: false });
    expect((await findUserById(manager.user.id))?.role).toBe("manager");
  });

  it("leaves at least one admin when two admins demote each other at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      await withFreshDatabase(async () => {
        const a = await seedUser({ role: "admin" });
        const b = await seedUser({ role: "admin" });
        const [ab, ba] = await Promise.all([
          patch(a.cookie, b.user.id, { role: "user" }),
          patch(b.cookie, a.user.id, { role: "user" }),
        ]);
        const statuses = [ab.status, ba.status].sort();
        // One wins; the other is refused as the last admin, or finds its own session already ended.
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect([401, 409]).toContain(statuses.find((s) => s !== 200));
        const { users } = await listUsers({ role: "admin", limit: 10, offset: 0 });
        expect(users.filter((u) => !u.disabled)).toHaveLength(1);
      });
    }
  });

  it("leaves at least one active admin when two admins disable or delete each other at the same time", async () => {
    for (const [first, second] of [
      ["disable", "disable"],
      ["delete", "delete"],
      ["disable", "delete"],
    ] as const) {
      await withFreshDatabase(async () => {
        const a = await seedUser({ role: "admin" });
        const b = await seedUser({ role: "admin" });
        const act = (kind: "disable" | "delete", actor: typeof a, target: typeof a) =>
          kind === "disable" ? patch(actor.cookie, target.user.id, { disabled: true }) : remove(actor.cookie, target.user.id);
        const results = await Promise.all([act(first, a, b), act(second, b, a)]);
        expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
        for (const r of results) expect([200, 401, 409]).toContain(r.status);
        const { users } = await listUsers({ role: "admin", limit: 10, offset: 0 });
        expect(users.filter((u) => !u.disabled).length).toBeGreaterThanOrEqual(1);
      });
    }
  });
});

describe("DELETE /api/users/{id}", () => {
  it("removes the user, ends their session and frees their e-mail", async () => {
    const admin = await seedUser({ role: "admin" });
    const target = await seedUser();
    const res = await remove(admin.cookie, target.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await findUserById(target.user.id)).toBeUndefined();
    expect((await call(userIdRoute.GET, { cookie: admin.cookie, params: { id: target.user.id } })).status).toBe(404);
    expect((await call(userRoute.GET, { cookie: target.cookie })).status).toBe(401);
    const again = await remove(admin.cookie, target.user.id);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(USER_NOT_FOUND);
  });

  it("can delete another admin while one remains", async () => {
    const admin = await seedUser({ role: "admin" });
    const other = await seedUser({ role: "admin" });
    expect((await remove(admin.cookie, other.user.id)).status).toBe(200);
    expect((await call(usersRoute.GET, { cookie: other.cookie })).status).toBe(401);
  });

  it("refuses an admin deleting themselves with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    await seedUser({ role: "admin" });
    const res = await remove(admin.cookie, admin.user.id);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(CANNOT_CHANGE_SELF);
    expect(await findUserById(admin.user.id)).toBeDefined();
  });

  it("refuses deleting the last admin, even themselves", async () => {
    await withFreshDatabase(async () => {
      const only = await seedUser({ role: "admin" });
      const res = await remove(only.cookie, only.user.id);
      expect(res.status).toBe(400);
      expect(await findUserById(only.user.id)).toBeDefined();
    });
  });

  it("answers 404 for an unknown id", async () => {
    const admin = await seedUser({ role: "admin" });
    const res = await remove(admin.cookie, UNKNOWN_ID);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(USER_NOT_FOUND);
  });

  it("is admin-only", async () => {
    const manager = await seedUser({ role: "manager" });
    const user = await seedUser();
    expect((await remove(undefined, user.user.id)).status).toBe(401);
    expect((await remove(user.cookie, manager.user.id)).status).toBe(403);
    expect((await remove(manager.cookie, user.user.id)).status).toBe(403);
    expect(await findUserById(user.user.id)).toBeDefined();
    expect(await findUserById(manager.user.id)).toBeDefined();
  });
});
