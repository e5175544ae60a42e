import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as login from "@/app/api/login/route";
import { LOCALE_COOKIE, LOGIN_ATTEMPTS_FORGET_MS, LOGIN_BACKOFF_BASE_MS, LOGIN_BACKOFF_MAX_MS, LOGIN_FAILURE_LIMIT_PER_IP, LOGIN_FREE_ATTEMPTS } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { loginAttempts } from "@/lib/server/db/schema";
import { call, seedUser, sessionFrom } from "../support/http";

// Five wrong passwords from anywhere used to lock anyone's account for 15 minutes, so a
// stranger could lock out the admin. Attempts are now throttled per (account, address) pair with
// exponential back-off, plus a generous cap per address across accounts.

let ipSeq = 0;
const freshIp = () => `100.96.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function attempt(email: string, password: string, ip: string, cookie?: string) {
  return call(login.POST, { method: "POST", body: { email, password }, headers: { "x-client-ip": ip }, cookie });
}

/** Lets a pair's current wait run out, as if that much time had passed. */
async function waitOut(email: string, ip: string) {
  const db = await getDb();
  await db
    .update(loginAttempts)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(loginAttempts.account, email), eq(loginAttempts.address, ip)));
}

describe("POST /api/login throttling", () => {
  it("never locks the owner out because of a stranger's failures from another address", async () => {
    const owner = await seedUser({ role: "admin" });
    const stranger = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS + 7; i++) statuses.push((await attempt(owner.email, `guess-${i}`, stranger)).status);
    expect(statuses.slice(0, LOGIN_FREE_ATTEMPTS)).toEqual(Array(LOGIN_FREE_ATTEMPTS).fill(401));
    expect(statuses.slice(LOGIN_FREE_ATTEMPTS)).toEqual(Array(7).fill(429));

    const signedIn = await attempt(owner.email, owner.password, freshIp());
    expect(signedIn.status).toBe(200);
    expect(sessionFrom(signedIn)).toBeDefined();
  });

  it("keeps guessing slow from one address: past the free attempts even the right password waits, with Retry-After in the user's language", async () => {
    const { email, password } = await seedUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await attempt(email, `bad-${i}`, ip)).status).toBe(401);
    const seconds = LOGIN_BACKOFF_BASE_MS / 1000;

    const blocked = await attempt(email, password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(seconds - 3);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(seconds);
    expect(blocked.body.error.message).toMatch(/^登入失敗次數過多，請於 \d+ 秒後再試$/);
    expect(sessionFrom(blocked)).toBeUndefined();

    const english = await attempt(email, password, ip, `${LOCALE_COOKIE}=en`);
    expect(english.status).toBe(429);
    expect(english.body.error.message).toMatch(/^Too many failed sign-ins\. Try again in \d+ seconds$/);

    await waitOut(email, ip);
    expect((await attempt(email, password, ip)).status).toBe(200);
  });

  it("doubles the wait with each attempt beyond the free ones, up to the maximum", async () => {
    const { email } = await seedUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) await attempt(email, `bad-${i}`, ip);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await attempt(email, "another guess", ip);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get("retry-after")));
      await waitOut(email, ip);
      // The one guess the wait allowed, then the next wait.
      expect((await attempt(email, `late-${i}`, ip)).status).toBe(401);
    }
    // The base, then twice the wait before each time, then the maximum: 30 s, 1, 2, 4, 8, 15, 15 min.
    const expected = [1, 2, 4, 8, 16, 32, 64].map((k) => Math.min(LOGIN_BACKOFF_BASE_MS * k, LOGIN_BACKOFF_MAX_MS) / 1000);
    waits.forEach((wait, i) => {
      expect(wait, `wait ${i}`).toBeGreaterThan(expected[i] - 3);
      expect(wait, `wait ${i}`).toBeLessThanOrEqual(expected[i]);
    });
    expect(Math.max(...waits)).toBe(LOGIN_BACKOFF_MAX_MS / 1000);
  });

  it("forgets a pair a day after its last attempt", async () => {
    const { email } = await seedUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) await attempt(email, `bad-${i}`, ip);
    expect((await attempt(email, "bad", ip)).status).toBe(429);
    const db = await getDb();
    await db
      .update(loginAttempts)
      .set({ lockedUntil: null, updatedAt: new Date(Date.now() - LOGIN_ATTEMPTS_FORGET_MS - 60_000) })
      .where(and(eq(loginAttempts.account, email), eq(loginAttempts.address, ip)));
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await attempt(email, `fresh-${i}`, ip)).status).toBe(401);
    expect((await attempt(email, "bad", ip)).status).toBe(429);
  });

  it("lets no burst of simultaneous guesses slip past the count", async () => {
    const { email } = await seedUser();
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(email, `burst-${i}`, ip)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FREE_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_FREE_ATTEMPTS);
  });

  it("starts a pair afresh after a successful sign-in", async () => {
    const { email, password } = await seedUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) expect((await attempt(email, `typo-${i}`, ip)).status).toBe(401);
    expect((await attempt(email, password, ip)).status).toBe(200);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await attempt(email, `typo-again-${i}`, ip)).status).toBe(401);
    expect((await attempt(email, password, ip)).status).toBe(429);
  });

  it("caps one address guessing across many accounts, without counting its successful sign-ins", async () => {
    const ip = freshIp();
    const member = await seedUser();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT_PER_IP - 1; i++) {
      expect((await attempt(`ghost-${ip}-${i}@example.com`, "guess", ip)).status).toBe(401);
    }
    // Colleagues behind the same address signing in do not use up its allowance.
    for (let i = 0; i < 3; i++) expect((await attempt(member.email, member.password, ip)).status).toBe(200);
    expect((await attempt(`ghost-${ip}-last@example.com`, "guess", ip)).status).toBe(401);

    const capped = await attempt(member.email, member.password, ip);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(capped.body.error.message).toMatch(/登入失敗次數過多/);
    // Only that address: the same account from elsewhere is fine.
    expect((await attempt(member.email, member.password, freshIp())).status).toBe(200);
  });
});
