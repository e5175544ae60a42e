import { describe, expect, it } from "vitest";
import * as linkPreview from "@/app/api/link-preview/route";
import * as resetConfirm from "@/app/api/password-reset/confirm/route";
import * as register from "@/app/api/register/route";
import * as trialSetup from "@/app/api/trial-setup/route";
import { call, seedUser, type CallResult } from "../support/http";

// The limits these routes declare on route({ limit }): counted per address or per user, 429 with
// Retry-After past the limit, and a request refused as malformed (400) not counted.

function expectLimited(res: CallResult) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe("rate_limited");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("POST /api/password-reset/confirm", () => {
  const attempt = (ip: string, body: Record<string, unknown> = { token: "no-such-token", password: "a new password 123" }) =>
    call(resetConfirm.POST, { method: "POST", body, headers: { "x-client-ip": ip } });

  it("allows 30 attempts per address in 15 minutes, not counting malformed ones", async () => {
    const ip = "198.51.100.31";
    for (let i = 0; i < 3; i++) expect((await attempt(ip, { token: "" })).status).toBe(400);
    for (let i = 0; i < 30; i++) expect((await attempt(ip)).status, `attempt ${i + 1}`).not.toBe(429);
    expectLimited(await attempt(ip));
    expect((await attempt("198.51.100.32")).status).not.toBe(429);
  });
});

describe("POST /api/register", () => {
  const registerFrom = (ip: string, n: number, cookie?: string) =>
    call(register.POST, { method: "POST", cookie, body: { email: `limit-${ip}-${n}@example.com`, password: "a long password 123", displayName: `R ${n}` }, headers: { "x-client-ip": ip } });

  it("allows 20 self-registrations per address an hour; an admin creating accounts is not counted", async () => {
    const ip = "198.51.100.41";
    for (let i = 0; i < 20; i++) expect((await registerFrom(ip, i)).status, `registration ${i + 1}`).toBe(201);
    expectLimited(await registerFrom(ip, 20));
    const admin = await seedUser({ role: "admin" });
    expect((await registerFrom(ip, 21, admin.cookie)).status).toBe(201);
  });
});

describe("POST /api/trial-setup", () => {
  it("allows 30 attempts per address an hour", async () => {
    const ip = "198.51.100.51";
    const setup = () => call(trialSetup.POST, { method: "POST", body: { email: "first@example.com", password: "a long password 123", displayName: "First" }, headers: { "x-client-ip": ip } });
    await seedUser();
    // A user exists, so each attempt is refused as already set up until the limit.
    for (let i = 0; i < 30; i++) expect((await setup()).status, `attempt ${i + 1}`).toBe(409);
    expectLimited(await setup());
  });
});

describe("POST /api/link-preview", () => {
  it("allows 30 previews a minute per user", async () => {
    const owner = await seedUser({ role: "admin" });
    const other = await seedUser({ role: "admin" });
    // A refused address answers at once, without fetching anything.
    const preview = (cookie: string) => call(linkPreview.POST, { method: "POST", cookie, body: { url: "http://127.0.0.1/" } });
    for (let i = 0; i < 30; i++) expect((await preview(owner.cookie)).status, `preview ${i + 1}`).toBe(400);
    expectLimited(await preview(owner.cookie));
    expect((await preview(other.cookie)).status).toBe(400);
  });
});
