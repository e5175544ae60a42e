import { describe, expect, it } from "vitest";
import { decode, encode } from "next-auth/jwt";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as userRoute from "@/app/api/user/route";
import * as sessionsRoute from "@/app/api/user/sessions/route";
import * as guestStatus from "@/app/api/guest/auth-status/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import { SESSION_MAX_AGE_S } from "@/lib/constants";
import { getDatabase } from "@/lib/server/db/client";
import { SESSION_COOKIE } from "@/lib/server/auth/session";
import { getAuthSecret } from "@/lib/server/auth/secret";
import type { Handler } from "../support/api-routes";
import { call, seedUser, sessionFrom } from "../support/http";

// Logout used to clear the browser's cookie only, and a copied cookie kept working for
// 30 days. Each session now has an id of its own in its token; logout revokes that id in the
// database, which every request consults along with the user it already reads.

let ipSeq = 0;
const freshIp = () => `100.100.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A fresh password sign-in: the cookie a browser would now hold. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const res = await call(login.POST, { method: "POST", body: account, headers: { "x-client-ip": freshIp() } });
  expect(res.status).toBe(200);
  return sessionFrom(res)!;
}

const works = async (cookie: string) => (await call(userRoute.GET, { cookie })).status === 200;

async function nextAuthSession(cookie: string) {
  const res = await call(nextAuth.GET as unknown as Handler, { params: { nextauth: ["session"] }, path: "/api/auth/session", cookie });
  return res.body?.user;
}

function clearsCookie(setCookies: string[]) {
  return setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/i.test(c));
}

describe("POST /api/logout", () => {
  it("ends the session on the server: a copy of the cookie taken before logout gets 401 after", async () => {
    const account = await seedUser();
    const cookie = await signIn(account);
    const copied = `${cookie}`;
    expect(await works(copied)).toBe(true);

    const res = await call(logout.POST, { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(clearsCookie(res.setCookies)).toBe(true);

    const after = await call(userRoute.GET, { cookie: copied });
    expect(after.status).toBe(401);
    expect(await nextAuthSession(copied)).toBeUndefined();
    expect((await call(guestStatus.GET, { cookie: copied })).body).toEqual({ isAuthenticated: false, user: null });
    // Logging out again with the copy changes nothing and is still fine.
    expect((await call(logout.POST, { method: "POST", cookie: copied })).status).toBe(200);
  });

  it("ends only that browser's session: the same account signed in elsewhere keeps working", async () => {
    const account = await seedUser();
    const phone = await signIn(account);
    const laptop = await signIn(account);
    await call(logout.POST, { method: "POST", cookie: phone });
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    expect((await nextAuthSession(laptop))?.email).toBe(account.email);
  });

  it("honours a logout another instance recorded, at once: nothing in this process is told", async () => {
    const account = await seedUser();
    const cookie = await signIn(account);
    expect(await works(cookie)).toBe(true);
    const claims = await decode({ token: cookie.split("=")[1], secret: await getAuthSecret() });
    expect(typeof claims?.sid).toBe("string");
    // What POST /api/logout on another app instance writes to the shared database.
    const { query } = await getDatabase();
    await query("INSERT INTO revoked_sessions (session_id, expires_at) VALUES ($1, now() + interval '30 days')", [claims!.sid]);
    expect(await works(cookie)).toBe(false);
  });

  it("keeps a session refused as long as any copy of its cookie could be valid", async () => {
    const cookie = await signIn(await seedUser());
    await call(logout.POST, { method: "POST", cookie });
    const claims = await decode({ token: cookie.split("=")[1], secret: await getAuthSecret() });
    const { query } = await getDatabase();
    const { rows } = await query("SELECT expires_at FROM revoked_sessions WHERE session_id = $1", [claims!.sid]);
    const expiresAt = new Date(rows[0].expires_at as string | Date).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(Date.now() + SESSION_MAX_AGE_S * 1000 - 60_000);
  });

  it("refuses a session token that carries no session id (it could not be signed out on its own)", async () => {
    const { user } = await seedUser();
    const legacy = await encode({ token: { sub: user.id, uid: user.id, sv: user.sessionVersion, email: user.email }, secret: await getAuthSecret(), maxAge: SESSION_MAX_AGE_S });
    expect(await works(`${SESSION_COOKIE}=${legacy}`)).toBe(false);
  });

  it("next-auth's own sign-out endpoint ends the session on the server too", async () => {
    const account = await seedUser();
    const cookie = await signIn(account);
    const csrf = await call(nextAuth.GET as unknown as Handler, { params: { nextauth: ["csrf"] }, path: "/api/auth/csrf" });
    const csrfCookie = csrf.setCookies.map((c) => c.split(";")[0]).join("; ");
    const res = await call(nextAuth.POST as unknown as Handler, {
      method: "POST",
      params: { nextauth: ["signout"] },
      path: "/api/auth/signout",
      cookie: `${cookie}; ${csrfCookie}`,
      rawBody: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBeLessThan(400);
    expect(await works(cookie)).toBe(false);
  });
});

describe("DELETE /api/user/sessions", () => {
  it("signs out everywhere: every session of the account ends, this browser's included, and its cookie is cleared", async () => {
    const account = await seedUser();
    const here = await signIn(account);
    const elsewhere = await signIn(account);
    const other = await seedUser();
    const othersSession = await signIn(other);

    const res = await call(sessionsRoute.DELETE, { method: "DELETE", cookie: here });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(clearsCookie(res.setCookies)).toBe(true);

    expect(await works(here)).toBe(false);
    expect(await works(elsewhere)).toBe(false);
    expect(await nextAuthSession(elsewhere)).toBeUndefined();
    // Nobody else is touched, and signing in again works.
    expect(await works(othersSession)).toBe(true);
    expect(await works(await signIn(account))).toBe(true);
  });

  it("answers 401 to an ended session and changes nothing", async () => {
    const account = await seedUser();
    const ended = await signIn(account);
    await call(logout.POST, { method: "POST", cookie: ended });
    const current = await signIn(account);
    expect((await call(sessionsRoute.DELETE, { method: "DELETE", cookie: ended })).status).toBe(401);
    expect(await works(current)).toBe(true);
  });
});
