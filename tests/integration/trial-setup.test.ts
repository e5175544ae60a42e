import { describe, expect, it } from "vitest";
import * as trialSetup from "@/app/api/trial-setup/route";
import * as userRoute from "@/app/api/user/route";
import * as login from "@/app/api/login/route";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { countUsers, findUserByEmail, listUsers } from "@/lib/server/queries/users";
import { call, sessionFrom } from "../support/http";
import { withFreshDatabase } from "../support/fresh-database";

const ALREADY_SET_UP = "系統已完成初始設定，請直接登入";

function setup(email: string, ip: string, extra: Record<string, unknown> = {}) {
  return call(trialSetup.POST, {
    method: "POST",
    body: { email, password: "first admin password", displayName: "第一位管理員", ...extra },
    headers: { "x-client-ip": ip },
  });
}

// The tests in this file run in order against one database: empty first, then set up.
describe("GET /api/trial-setup", () => {
  it("reports needsSetup true while the database has no user", async () => {
    expect(await countUsers()).toBe(0);
    const res = await call(trialSetup.GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needsSetup: true });
  });
});

describe("POST /api/trial-setup", () => {
  it("rejects invalid input with 400 and creates nobody", async () => {
    const res = await call(trialSetup.POST, {
      method: "POST",
      body: { email: "not-an-email", password: "short", displayName: "" },
      headers: { "x-client-ip": "203.0.113.1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation");
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["displayName", "email", "password"]);
    expect(await countUsers()).toBe(0);
    expect((await call(trialSetup.GET)).body.needsSetup).toBe(true);
  });

  it("refuses a workspace access that is not one of the two answers", async () => {
    const res = await setup("founder@example.com", "203.0.113.8", { workspaceAccess: "managers" });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(["workspaceAccess"]);
    expect(await countUsers()).toBe(0);
  });

  it("creates the first admin, signed in (their last sign-in is now), and saves who gets a workspace", async () => {
    expect(await getWorkspaceAccess()).toBe("admins");
    const before = Date.now();
    const res = await setup("Founder@Example.com", "203.0.113.2", { workspaceAccess: "everyone" });
    expect(res.status).toBe(201);
    expect(res.body.displayName).toBe("第一位管理員");
    expect(res.body.user).toMatchObject({ email: "founder@example.com", role: "admin", plan: "free", disabled: false });
    expect(res.body.user.passwordHash).toBeUndefined();

    const cookie = sessionFrom(res);
    expect(cookie).toBeDefined();
    const line = res.setCookies.find((c) => c.startsWith(cookie!.split("=")[0]))!;
    expect(line).toMatch(/HttpOnly/i);
    const me = await call(userRoute.GET, { cookie });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe("admin");
    expect(me.body.email).toBe("founder@example.com");

    const stored = await findUserByEmail("founder@example.com");
    expect(stored?.role).toBe("admin");
    expect(stored?.lastLoginAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(res.body.user.lastLoginAt).toBe(stored?.lastLoginAt?.toISOString());
    expect(await countUsers()).toBe(1);
    // The same setting the console changes (GET /api/settings/workspace-access reads it).
    expect(await getWorkspaceAccess()).toBe("everyone");

    // The password chosen at setup works for a normal sign-in.
    const signIn = await call(login.POST, {
      method: "POST",
      body: { email: "founder@example.com", password: "first admin password" },
      headers: { "x-client-ip": "203.0.113.3" },
    });
    expect(signIn.status).toBe(200);
  });

  it("reports needsSetup false once an admin exists", async () => {
    const res = await call(trialSetup.GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needsSetup: false });
  });

  it("refuses a second setup with 409, creates no user and leaves the workspace access alone", async () => {
    const res = await setup("second@example.com", "203.0.113.4", { workspaceAccess: "admins" });
    expect(res.status).toBe(409);
    // The one error shape: the error once, nested, nothing flat beside it.
    expect(res.body).toEqual({ error: { code: "conflict", message: ALREADY_SET_UP } });
    expect(sessionFrom(res)).toBeUndefined();
    expect(await findUserByEmail("second@example.com")).toBeUndefined();
    expect(await countUsers()).toBe(1);
    expect(await getWorkspaceAccess()).toBe("everyone");
  });

  it("refuses a second setup even for the existing admin's own e-mail", async () => {
    const res = await setup("founder@example.com", "203.0.113.5", { password: "a takeover password" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(ALREADY_SET_UP);
    const signIn = await call(login.POST, {
      method: "POST",
      body: { email: "founder@example.com", password: "a takeover password" },
      headers: { "x-client-ip": "203.0.113.6" },
    });
    expect(signIn.status).toBe(401);
  });

  it("answers in English when the caller's locale is English", async () => {
    const res = await call(trialSetup.POST, {
      method: "POST",
      body: { email: "third@example.com", password: "first admin password", displayName: "Third" },
      headers: { "x-client-ip": "203.0.113.7", cookie: "NEXT_LOCALE=en" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).not.toBe(ALREADY_SET_UP);
    expect(res.body.error.message).toMatch(/[A-Za-z]/);
  });

  it("lets exactly one of 20 simultaneous setups on an empty database win", async () => {
    await withFreshDatabase(async () => {
      expect(await countUsers()).toBe(0);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => setup(`racer${i}@example.com`, `198.51.100.${i + 1}`)),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of results.filter((r) => r.status === 409)) {
        expect(r.body.error.message).toBe(ALREADY_SET_UP);
        expect(sessionFrom(r)).toBeUndefined();
      }

      expect(await countUsers()).toBe(1);
      const { users } = await listUsers({ limit: 100, offset: 0 });
      expect(users).toHaveLength(1);
      expect(users[0].role).toBe("admin");
      const winner = results.find((r) => r.status === 201)!;
      expect(winner.body.user.email).toBe(users[0].email);
      expect((await call(userRoute.GET, { cookie: sessionFrom(winner) })).body.role).toBe("admin");
      expect((await call(trialSetup.GET)).body.needsSetup).toBe(false);
      // Nobody chose: the default (WORKSPACE_ACCESS, admins) holds.
      expect(await getWorkspaceAccess()).toBe("admins");
    });
  });

  it("lets exactly one of 20 simultaneous setups with the same e-mail win", async () => {
    await withFreshDatabase(async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => setup("same@example.com", `198.51.101.${i + 1}`)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(await countUsers()).toBe(1);
      expect((await findUserByEmail("same@example.com"))?.role).toBe("admin");
    });
  });
});
