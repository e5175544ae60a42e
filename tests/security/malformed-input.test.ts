import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as userRoute from "@/app/api/user/route";
import * as login from "@/app/api/login/route";
import * as feedbackRoute from "@/app/api/feedback/route";
import * as usersRoute from "@/app/api/users/route";
import * as userIdRoute from "@/app/api/users/[id]/route";
import * as dailyCheckin from "@/app/api/daily-checkin/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import { listFeedback } from "@/lib/server/queries/feedback";
import { JSON_BODY_MAX_BYTES } from "@/lib/constants";
import { env } from "@/lib/env";
import { encodeSession, SESSION_COOKIE } from "@/lib/server/auth/session";
import { createFeedback } from "@/lib/server/queries/feedback";
import { findUserById } from "@/lib/server/queries/users";
import { API_ROUTES, concretePath, label, type ApiRoute, type Handler } from "../support/api-routes";
import { call, seedUser, type CallResult } from "../support/http";

// docs/rules/security.md#abuse-and-cost: malformed requests to every route get 4xx, never a 5xx with a
// stack trace. Every loop here is bounded: a fixed list of bodies, params and queries per route.

type Seeded = Awaited<ReturnType<typeof seedUser>>;
let admin: Seeded;
// Signed out (or out everywhere) by the routes that end the caller's session, so the admin's own
// cookie survives the suite.
let spareAdmin: Seeded;
let feedbackId = "";

let ipSeq = 0;
const freshIp = () => `100.96.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const TWO_MB = 2 * 1024 * 1024;

function nested(depth: number, open: string, close: string, inner: string) {
  return open.repeat(depth) + inner + close.repeat(depth);
}

const WRONG_TYPES = {
  email: 12345,
  password: ["a", "b"],
  displayName: { first: "x" },
  message: false,
  status: 7,
  value: null,
  note: { text: "x" },
  role: ["admin"],
  plan: 3,
  disabled: "yes",
  currentPassword: null,
  newPassword: 1,
  category: {},
  name: [],
  pagePath: 5,
};

const NULLS = Object.fromEntries(Object.keys(WRONG_TYPES).map((k) => [k, null]));

const NASTY_STRINGS = {
  email: "a\u0000b@example.com",
  password: "pass\u0000word\u0000long",
  currentPassword: "\u0000",
  newPassword: "new\u0000password\u0000",
  displayName: "\u0000\ud800\uffff\u202e名字",
  message: "hello \u0000 world \ud83d",
  name: "\u0000",
  pagePath: "/\u0000/..\\..",
  note: "note\u0000",
  value: "everyone\u0000",
  status: "read\u0000",
  category: "bug\u0000",
};

const LONE_SURROGATES = {
  email: "\ud800@example.com",
  password: "\udfff\udfff\udfff\udfff\udfff\udfff\udfff\udfff",
  displayName: "\ud800",
  message: "\udc00 lone surrogate",
  note: "\ud800",
  name: "\udbff",
};

const LONG_STRINGS = {
  email: `${"a".repeat(10_000)}@example.com`,
  password: "p".repeat(10_000),
  currentPassword: "c".repeat(10_000),
  newPassword: "n".repeat(10_000),
  displayName: "d".repeat(10_000),
  message: "m".repeat(100_000),
  note: "n".repeat(100_000),
  name: "x".repeat(10_000),
  pagePath: "/".repeat(10_000),
  value: "v".repeat(10_000),
  status: "s".repeat(10_000),
};

interface BodyCase {
  name: string;
  raw?: string;
  body?: unknown;
  contentType?: string;
}

const BODIES: BodyCase[] = [
  { name: "broken JSON", raw: "{not json" },
  { name: "truncated JSON", raw: '{"email": "a@example.com", "password": ' },
  { name: "trailing garbage", raw: '{"message": "hi"} trailing' },
  { name: "empty", raw: "" },
  { name: "whitespace", raw: " \n\t " },
  { name: "JSON null", raw: "null" },
  { name: "JSON number", raw: "42" },
  { name: "JSON huge number", raw: "1e400" },
  { name: "JSON string", raw: '"hello"' },
  { name: "JSON boolean", raw: "true" },
  { name: "JSON array", raw: "[1, 2, 3]" },
  { name: "array of objects", body: [{ email: "a@example.com", message: "x", value: "everyone" }] },
  { name: "wrong types", body: WRONG_TYPES },
  { name: "nulls", body: NULLS },
  { name: "deeply nested object", raw: nested(5_000, '{"a":', "}", "1") },
  { name: "deeply nested array", raw: nested(100_000, "[", "]", "") },
  { name: "deep value in a known field", raw: `{"message":${nested(10_000, "[", "]", '"x"')},"note":${nested(10_000, "{\"a\":", "}", "1")}}` },
  { name: "NUL and odd unicode", body: NASTY_STRINGS },
  { name: "lone surrogates", body: LONE_SURROGATES },
  { name: "prototype keys", raw: '{"__proto__":{"role":"admin","polluted":true},"constructor":{"prototype":{"polluted":true}},"message":"proto"}' },
  { name: "many keys", body: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])) },
  { name: "long strings", body: LONG_STRINGS },
  { name: "form-encoded", raw: "email=a%40example.com&password=x&message=hi", contentType: "application/x-www-form-urlencoded" },
  { name: "multipart", raw: "--b\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nx\r\n--b--", contentType: "multipart/form-data; boundary=b" },
  { name: "binary", raw: "\u0000\u0001\u0002\u00ff\ufffd", contentType: "application/octet-stream" },
  { name: "BOM then JSON", raw: '\ufeff{"message":"bom"}' },
];

const PARAM_IDS = [
  UNKNOWN_ID,
  "",
  "not-a-uuid",
  "a\u0000b",
  "\u0000",
  "x".repeat(5_000),
  "../../etc/passwd",
  "%00",
  "' OR 1=1 --",
  "\ud800",
  "😀",
];

const QUERIES = [
  "?limit=abc&offset=-5",
  "?limit=1e309",
  "?limit=99999999999999999999999",
  "?offset=NaN",
  "?search=%00",
  "?search=a%00b&role=admin%00",
  `?search=${"%25".repeat(150)}`,
  `?search=${"x".repeat(5_000)}`,
  "?search=%E0%A4%A",
  "?search=%ED%A0%80",
  "?role=root",
  "?role[]=admin&role[]=user",
  "?limit=&offset=&search=&role=",
  "?__proto__[role]=admin",
  "?shareId=..%2F..%2Fetc&popup=maybe&callbackUrl=%2F%2Fevil.example",
];

const NEXTAUTH_ACTIONS: string[][] = [
  ["session"],
  ["csrf"],
  ["providers"],
  ["signin"],
  ["signin", "google"],
  ["signout"],
  ["callback", "google"],
  ["error"],
  ["verify-request"],
  ["_log"],
  ["nope"],
  ["session", "..", "..", "x"],
];

const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|Error:|node_modules|\/work\/|file:\/\//;

function paramVariants(r: ApiRoute): Record<string, string | string[]>[] {
  if (r.path.includes("{conversationId}")) return PARAM_IDS.map((id) => ({ id, conversationId: id }));
  if (r.path.includes("{id}")) return PARAM_IDS.map((id) => ({ id }));
  if (r.path.includes("{...nextauth}")) return NEXTAUTH_ACTIONS.map((nextauth) => ({ nextauth }));
  return [{}];
}

function expectSafe(res: CallResult, context: string, r?: ApiRoute) {
  expect(res.status, context).toBeGreaterThanOrEqual(200);
  expect(res.status, context).toBeLessThan(500);
  const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body ?? "");
  expect(text, context).not.toMatch(STACK_TRACE);
  if (r?.wrapped && res.status >= 400) {
    expect(res.body, context).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }
}

async function send(r: ApiRoute, params: Record<string, string | string[]>, b: BodyCase, cookie?: string) {
  return call(r.handler, {
    method: r.method,
    path: concretePath(r, params),
    params,
    cookie,
    headers: { "x-client-ip": freshIp(), "content-type": b.contentType ?? "application/json" },
    ...(r.method === "GET" ? {} : b.raw !== undefined ? { rawBody: b.raw } : { body: b.body }),
  });
}

// The suite's admin sends far more than an owner's 30 messages a minute; the limit has tests of its own.
const savedMessageLimit = env.MESSAGE_LIMIT_PER_USER_PER_MINUTE;
afterAll(() => {
  env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = savedMessageLimit;
});

beforeAll(async () => {
  env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = 1_000_000;
  admin = await seedUser({ role: "admin" });
  // Another admin, so nothing in here could ever hit the last-admin guard by accident.
  spareAdmin = await seedUser({ role: "admin" });
  feedbackId = (await createFeedback({ message: "seed", category: "other" })).id;
});

/** An admin's cookie for a call to `r`: the suite's admin, or a fresh session of the spare one where `r` would end it. */
async function adminCookie(r: ApiRoute): Promise<string> {
  if (!r.endsSession) return admin.cookie;
  return `${SESSION_COOKIE}=${await encodeSession((await findUserById(spareAdmin.user.id))!)}`;
}

const SIGNED_OUT = "signed out";
const AS_ADMIN = "as admin";

// The public API's routes are opened by a key, not the admin's cookie this suite sends: their odd
// input is driven with a key in tests/security/fuzz-routes.test.ts and api-key-isolation.test.ts.
for (const r of API_ROUTES.filter((route) => route.access !== "apiKey")) {
  describe(label(r), () => {
    it("answers every malformed body with 2xx/4xx and no stack trace", async () => {
      const bodies = r.method === "GET" ? BODIES.slice(0, 1) : BODIES;
      for (const params of paramVariants(r).slice(0, 3)) {
        for (const b of bodies) {
          for (const who of [SIGNED_OUT, AS_ADMIN]) {
            const res = await send(r, params, b, who === AS_ADMIN ? await adminCookie(r) : undefined);
            expectSafe(res, `${label(r)} ${JSON.stringify(params)} ${b.name} ${who}`, r);
          }
        }
      }
    });

    if (paramVariants(r).length > 1) {
      it("answers odd path parameters with 2xx/4xx and no stack trace", async () => {
        for (const params of paramVariants(r)) {
          for (const who of [SIGNED_OUT, AS_ADMIN]) {
            const res = await send(r, params, { name: "plain", body: { status: "read", role: "user" } }, who === AS_ADMIN ? await adminCookie(r) : undefined);
            expectSafe(res, `${label(r)} ${JSON.stringify(params).slice(0, 60)} ${who}`, r);
          }
        }
      });
    }

    if (r.method === "GET") {
      it("answers malformed query strings with 2xx/4xx and no stack trace", async () => {
        const params = paramVariants(r)[0];
        for (const q of QUERIES) {
          for (const who of [SIGNED_OUT, AS_ADMIN]) {
            const res = await call(r.handler, {
              path: `${concretePath(r, params)}${q}`,
              params,
              cookie: who === AS_ADMIN ? await adminCookie(r) : undefined,
            });
            expectSafe(res, `${label(r)}${q.slice(0, 60)} ${who}`, r);
          }
        }
      });
    }

    it("answers malformed cookies and headers with 2xx/4xx and no stack trace", async () => {
      const params = paramVariants(r)[0];
      const cookies = [
        `${SESSION_COOKIE}=%`,
        `${SESSION_COOKIE}=%E0%A4%A`,
        `${SESSION_COOKIE}=${"A".repeat(8_000)}`,
        `${SESSION_COOKIE}=a.b.c.d.e`,
        "NEXT_LOCALE=%",
        "NEXT_LOCALE=%E0%A4%A",
        "NEXT_LOCALE=xx-YY",
        `NEXT_LOCALE=${"z".repeat(4_000)}`,
        "=; ;;=; a",
        `${await adminCookie(r)}; ${SESSION_COOKIE}=garbage`,
      ];
      for (const cookie of cookies) {
        const res = await call(r.handler, {
          method: r.method,
          path: concretePath(r, params),
          params,
          headers: { cookie, "x-client-ip": freshIp(), "accept-language": "%%%;q=abc,,," },
          ...(r.method === "GET" ? {} : { body: {} }),
        });
        expectSafe(res, `${label(r)} cookie ${cookie.slice(0, 40)}`, r);
      }
      const oddHeaders: Record<string, string>[] = [
        { "content-length": "99999999999" },
        { "content-length": "-1" },
        { "content-length": "abc" },
        { "x-request-id": "x".repeat(10_000) },
        { "x-forwarded-for": ", , ,", "x-client-ip": "" },
        { host: "" },
        { origin: "http://localhost:3000", "x-forwarded-host": "" },
      ];
      for (const headers of oddHeaders) {
        const res = await call(r.handler, {
          method: r.method,
          path: concretePath(r, params),
          params,
          cookie: await adminCookie(r),
          headers,
          ...(r.method === "GET" ? {} : { rawBody: "{}" }),
        });
        expectSafe(res, `${label(r)} headers ${JSON.stringify(headers).slice(0, 60)}`, r);
      }
    });

    if (r.body) {
      it("refuses a body over its cap (1 MB unless the route says otherwise) with 413", async () => {
        const params: Record<string, string> = r.path.includes("{id}") ? { id: r.path.startsWith("/api/feedback") ? feedbackId : UNKNOWN_ID } : {};
        const huge = { message: "x".repeat(r.maxBodyBytes ? r.maxBodyBytes + TWO_MB : TWO_MB), note: "x", email: "a@example.com" };
        for (const cookie of [await adminCookie(r), undefined]) {
          const res = await call(r.handler, {
            method: r.method,
            path: concretePath(r, params),
            params,
            cookie,
            body: huge,
            headers: { "x-client-ip": freshIp() },
          });
          expectSafe(res, `${label(r)} 2MB ${cookie ? "admin" : "signed out"}`, r);
          // Without rights the caller is refused before the body is read; with them, 413.
          if (cookie || r.access === "public" || r.shareMode) {
            expect(res.status, label(r)).toBe(413);
            expect(res.body.error.code).toBe("payload_too_large");
          } else {
            expect(res.status).toBe(401);
          }
        }
        const justOver = await call(r.handler, {
          method: r.method,
          path: concretePath(r, params),
          params,
          cookie: await adminCookie(r),
          rawBody: `"${"y".repeat(r.maxBodyBytes ?? JSON_BODY_MAX_BYTES)}"`,
          headers: { "content-type": "application/json", "x-client-ip": freshIp() },
        });
        expect(justOver.status).toBe(413);
        const declared = await call(r.handler, {
          method: r.method,
          path: concretePath(r, params),
          params,
          cookie: await adminCookie(r),
          rawBody: "{}",
          headers: { "content-type": "application/json", "content-length": String((r.maxBodyBytes ?? 0) + TWO_MB), "x-client-ip": freshIp() },
        });
        expect([400, 413]).toContain(declared.status);
      });
    }
  });
}

describe("specific answers to odd input", () => {
  it("refuses NUL characters in body strings with 400 validation, storing nothing", async () => {
    const before = (await listFeedback({ limit: 1, offset: 0 })).total;
    const fb = await call(feedbackRoute.POST, { method: "POST", body: { message: "a\u0000b" }, headers: { "x-client-ip": freshIp() } });
    expect(fb.status).toBe(400);
    expect(fb.body.error.code).toBe("validation");
    expect(fb.body.error.details[0].path).toBe("message");
    expect((await listFeedback({ limit: 1, offset: 0 })).total).toBe(before);

    const signIn = await call(login.POST, { method: "POST", body: { email: "a\u0000@example.com", password: "x" }, headers: { "x-client-ip": freshIp() } });
    expect(signIn.status).toBe(400);

    const checkin = await call(dailyCheckin.POST, { method: "POST", cookie: admin.cookie, body: { note: "\u0000" } });
    expect(checkin.status).toBe(400);
    expect((await call(dailyCheckin.GET, { cookie: admin.cookie })).body.checkins.some((c: { note: string | null }) => c.note?.includes("\u0000"))).toBe(false);
  });

  it("refuses NUL in a query string with 400 and in a path id with 404", async () => {
    const search = await call(usersRoute.GET, { cookie: admin.cookie, path: "/api/users?search=a%00b" });
    expect(search.status).toBe(400);
    const byId = await call(userIdRoute.GET, { cookie: admin.cookie, params: { id: "a\u0000b" } });
    expect(byId.status).toBe(404);
  });

  it("keeps ordinary unicode intact (CJK, emoji, RTL marks)", async () => {
    const text = "回饋 😀 \u202eabc";
    const res = await call(feedbackRoute.POST, { method: "POST", body: { message: text }, headers: { "x-client-ip": freshIp() } });
    expect(res.status).toBe(201);
    const { feedback } = await listFeedback({ limit: 100, offset: 0 });
    expect(feedback.find((f) => f.id === res.body.id)?.message).toBe(text);
  });

  it("treats a session cookie with broken percent-encoding as signed out (401)", async () => {
    for (const value of ["%", "%E0%A4%A", "%zz"]) {
      const res = await call(userRoute.GET, { cookie: `${SESSION_COOKIE}=${value}` });
      expect(res.status, value).toBe(401);
    }
  });

  it("falls back to zh-TW for a locale cookie with broken percent-encoding", async () => {
    const res = await call(userRoute.GET, { headers: { cookie: "NEXT_LOCALE=%E0%A4%A" } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("請先登入");
  });

  it("answers an unknown next-auth action with 404 in the API's error shape", async () => {
    for (const [method, nextauth] of [["GET", ["nope"]], ["POST", ["csrf"]], ["GET", ["callback", "google"]]] as const) {
      const res = await call(nextAuth[method] as unknown as Handler, { method, params: { nextauth: [...nextauth] }, path: `/api/auth/${nextauth.join("/")}`, body: method === "POST" ? {} : undefined });
      expect(res.status, nextauth.join("/")).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
  });
});

describe("after the malformed requests", () => {
  it("the server still answers and the admin account is intact", async () => {
    const res = await call(health.GET as never);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    const me = await call(userRoute.GET, { cookie: admin.cookie });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe("admin");
    const stored = await findUserById(admin.user.id);
    expect(stored).toMatchObject({ role: "admin", disabled: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    const signIn = await call(login.POST, {
      method: "POST",
      body: { email: admin.email, password: admin.password },
      headers: { "x-client-ip": "100.97.0.1" },
    });
    expect(signIn.status).toBe(200);
  });
});
