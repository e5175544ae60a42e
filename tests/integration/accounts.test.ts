import { describe, expect, it } from "vitest";
import * as register from "@/app/api/register/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as userRoute from "@/app/api/user/route";
import * as passwordRoute from "@/app/api/user/password/route";
import * as guestStatus from "@/app/api/guest/auth-status/route";
import { SESSION_COOKIE } from "@/lib/server/auth/session";
import * as usersRoute from "@/app/api/users/route";
import { getAuthOptions } from "@/lib/server/auth/next-auth-options";
import { findUserByEmail } from "@/lib/server/queries/users";
import { call, seedUser, sessionFrom } from "../support/http";

describe("POST /api/register", () => {
  it("creates an ordinary free user, signs them in and returns displayName", async () => {
    const res = await call(register.POST, {
      method: "POST",
      body: { email: "New@Example.com", password: "long enough pw", displayName: "新用戶" },
    });
    expect(res.status).toBe(201);
    expect(res.body.displayName).toBe("新用戶");
    expect(res.body.user).toMatchObject({ email: "new@example.com", role: "user", plan: "free" });
    expect(res.body.user.passwordHash).toBeUndefined();
    const cookie = sessionFrom(res);
    expect(cookie).toBeDefined();
    const line = res.setCookies.find((c) => c.startsWith(SESSION_COOKIE))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=lax/i);
    const me = await call(userRoute.GET, { cookie });
    expect(me.status).toBe(200);
    expect(me.body.displayName).toBe("新用戶");
  });

  it("ignores role and plan sent by a non-admin", async () => {
    const res = await call(register.POST, {
      method: "POST",
      body: { email: "sneaky@example.com", password: "long enough pw", displayName: "S", role: "admin", plan: "supporter" },
    });
    expect(res.status).toBe(201);
    const stored = await findUserByEmail("sneaky@example.com");
    expect(stored?.role).toBe("user");
    expect(stored?.plan).toBe("free");
  });

  it("lets an admin create a user with a role without switching the admin's session", async () => {
    const admin = await seedUser({ role: "admin" });
    const res = await call(register.POST, {
      method: "POST",
      cookie: admin.cookie,
      body: { email: "mgr@example.com", password: "long enough pw", displayName: "Mgr", role: "manager" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("manager");
    expect(sessionFrom(res)).toBeUndefined();
  });

  it("refuses a taken e-mail with 409 and a message in the caller's language", async () => {
    await seedUser({ email: "taken@example.com" });
    const zh = await call(register.POST, {
      method: "POST",
      body: { email: "TAKEN@example.com", password: "long enough pw", displayName: "X" },
    });
    expect(zh.status).toBe(409);
    expect(zh.body.error.message).toBe("此電子郵件已被註冊");
    const en = await call(register.POST, {
      method: "POST",
      headers: { cookie: "NEXT_LOCALE=en" },
      body: { email: "taken@example.com", password: "long enough pw", displayName: "X" },
    });
    expect(en.body.error.message).toBe("This email is already registered");
  });

  it("rejects invalid input with 400 and field details", async () => {
    const res = await call(register.POST, { method: "POST", body: { email: "nope", password: "short", displayName: "" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation");
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["displayName", "email", "password"]);
  });

  it("rejects broken JSON with 400", async () => {
    const res = await call(register.POST, { method: "POST", rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
  });
});

describe("POST /api/login", () => {
  it("signs in with the right password and returns displayName", async () => {
    const { email, password, user } = await seedUser();
    const res = await call(login.POST, { method: "POST", body: { email: email.toUpperCase(), password } });
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe(user.displayName);
    expect(sessionFrom(res)).toBeDefined();
  });

  it("answers 401 with a readable message for a wrong password", async () => {
    const { email } = await seedUser();
    const res = await call(login.POST, { method: "POST", body: { email, password: "wrong password" } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("電子郵件或密碼錯誤");
    expect(sessionFrom(res)).toBeUndefined();
  });

  it("refuses a disabled account", async () => {
    const { email, password, user } = await seedUser();
    const { updateUserGuarded } = await import("@/lib/server/queries/users");
    await updateUserGuarded(user.id, { disabled: true });
    const res = await call(login.POST, { method: "POST", body: { email, password } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("此帳戶已停用，請聯繫管理員");
  });
});

// The users list's 最後登入 (last sign-in) is read from here: every way in records it.
describe("last sign-in", () => {
  const lastSignIn = async (admin: string, email: string) => {
    const list = await call(usersRoute.GET, { cookie: admin, path: `/api/users?search=${encodeURIComponent(email)}` });
    return list.body.users.find((u: { email: string }) => u.email === email).lastLoginAt as string | null;
  };

  it("is recorded by registering oneself, not by an admin creating the account", async () => {
    const admin = await seedUser({ role: "admin" });
    const before = Date.now();
    expect((await call(register.POST, { method: "POST", body: { email: "self@example.com", password: "long enough pw", displayName: "自己" } })).status).toBe(201);
    expect(Date.parse((await lastSignIn(admin.cookie, "self@example.com"))!)).toBeGreaterThanOrEqual(before);
    expect((await call(register.POST, { method: "POST", cookie: admin.cookie, body: { email: "made@example.com", password: "long enough pw", displayName: "被建立" } })).status).toBe(201);
    expect(await lastSignIn(admin.cookie, "made@example.com")).toBeNull();
  });

  it("is recorded by signing in with a password", async () => {
    const admin = await seedUser({ role: "admin" });
    const { email, password } = await seedUser();
    expect(await lastSignIn(admin.cookie, email)).toBeNull();
    const before = Date.now();
    expect((await call(login.POST, { method: "POST", body: { email, password } })).status).toBe(200);
    expect(Date.parse((await lastSignIn(admin.cookie, email))!)).toBeGreaterThanOrEqual(before);
  });

  it("is recorded by signing in with Google, for a new account and an existing one", async () => {
    const admin = await seedUser({ role: "admin" });
    const { jwt } = (await getAuthOptions()).callbacks!;
    const googleSignIn = (sub: string, email: string) =>
      jwt!({ token: {}, user: { id: sub }, account: { provider: "google", type: "oauth", providerAccountId: sub }, profile: { sub, email, name: "谷歌用戶" }, trigger: "signIn" });
    const before = Date.now();
    await googleSignIn("google-new", "google-new@example.com");
    expect(Date.parse((await lastSignIn(admin.cookie, "google-new@example.com"))!)).toBeGreaterThanOrEqual(before);
    const { email } = await seedUser();
    expect(await lastSignIn(admin.cookie, email)).toBeNull();
    await googleSignIn("google-linked", email);
    expect(Date.parse((await lastSignIn(admin.cookie, email))!)).toBeGreaterThanOrEqual(before);
  });
});

describe("POST /api/logout", () => {
  it("clears the session cookie", async () => {
    const { cookie } = await seedUser();
    const res = await call(logout.POST, { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    const line = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(line).toMatch(/Max-Age=0/i);
  });
});

describe("GET /api/user", () => {
  it("answers 401 when signed out", async () => {
    const res = await call(userRoute.GET);
    expect(res.status).toBe(401);
  });

  it("answers 401 for a forged or garbage cookie", async () => {
    const res = await call(userRoute.GET, { cookie: `${SESSION_COOKIE}=garbage` });
    expect(res.status).toBe(401);
  });

  it("stops working once the user is disabled", async () => {
    const { cookie, user } = await seedUser();
    expect((await call(userRoute.GET, { cookie })).status).toBe(200);
    const { updateUserGuarded } = await import("@/lib/server/queries/users");
    await updateUserGuarded(user.id, { disabled: true });
    expect((await call(userRoute.GET, { cookie })).status).toBe(401);
  });
});

describe("PATCH /api/user", () => {
  it("updates the display name and cannot touch role or plan", async () => {
    const { cookie, user } = await seedUser();
    const res = await call(userRoute.PATCH, { method: "PATCH", cookie, body: { displayName: "改名" } });
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe("改名");
    const sneaky = await call(userRoute.PATCH, { method: "PATCH", cookie, body: { displayName: "x", role: "admin" } });
    expect(sneaky.status).toBe(400);
    const { findUserById } = await import("@/lib/server/queries/users");
    expect((await findUserById(user.id))?.role).toBe("user");
  });
});

describe("POST /api/user/password", () => {
  it("changes the password, ends other sessions and keeps this one", async () => {
    const { cookie, email, password } = await seedUser();
    const wrong = await call(passwordRoute.POST, { method: "POST", cookie, body: { currentPassword: "nope", newPassword: "a brand new pw" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("目前的密碼不正確");
    const res = await call(passwordRoute.POST, { method: "POST", cookie, body: { currentPassword: password, newPassword: "a brand new pw" } });
    expect(res.status).toBe(200);
    expect((await call(userRoute.GET, { cookie })).status).toBe(401);
    expect((await call(userRoute.GET, { cookie: sessionFrom(res) })).status).toBe(200);
    const relogin = await call(login.POST, { method: "POST", body: { email, password: "a brand new pw" } });
    expect(relogin.status).toBe(200);
  });
});

describe("GET /api/guest/auth-status", () => {
  it("reports a visitor without a session as not authenticated", async () => {
    const res = await call(guestStatus.GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAuthenticated: false, user: null });
  });

  it("reports a signed-in user with displayName", async () => {
    const { cookie, user } = await seedUser();
    const res = await call(guestStatus.GET, { cookie });
    expect(res.body.isAuthenticated).toBe(true);
    expect(res.body.user.displayName).toBe(user.displayName);
  });
});

describe("/api/auth/{action}", () => {
  it("answers next-auth's own actions and refuses the rest with 404 in the API error shape", async () => {
    const route = await import("@/app/api/auth/[...nextauth]/route");
    const nextauth = route as unknown as Record<"GET" | "POST", Parameters<typeof call>[0]>;
    const csrf = await call(nextauth.GET, { path: "/api/auth/csrf", params: { nextauth: ["csrf"] } });
    expect(csrf.status).toBe(200);
    expect(typeof csrf.body.csrfToken).toBe("string");
    for (const action of ["_log", "unknown", "verify-request"]) {
      const res = await call(nextauth.POST, { method: "POST", path: `/api/auth/${action}`, params: { nextauth: [action] }, body: { level: "error", code: "x" } });
      expect(res.status, action).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });
});
