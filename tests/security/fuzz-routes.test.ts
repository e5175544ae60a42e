import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { env } from "@/lib/env";
import { encodeSession, SESSION_COOKIE } from "@/lib/server/auth/session";
import { findUserById } from "@/lib/server/queries/users";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createAssistantKey } from "@/lib/server/use-cases/manage-api-keys";
import { API_ROUTES, concretePath, label, type ApiRoute } from "../support/api-routes";
import { call, seedUser } from "../support/http";

// docs/rules/quality.md#robustness: every route handler driven with generated input (random JSON shapes, strings
// with NUL, lone surrogates, RTL marks, 10,000-character fields, wrong content types, truncated
// multipart, odd ids and queries) as a signed-out visitor, a user and an admin: never a 5xx, and
// the server healthy afterwards. Runs are bounded and seeded, so a failure replays; a case that
// once failed is kept below and replayed first.

type Seeded = Awaited<ReturnType<typeof seedUser>>;
type Role = "visitor" | "user" | "admin";
let user: Seeded;
let admin: Seeded;
/** What the public API's routes are called with instead of a session: each role's key of its own assistant. */
const keys = {} as Record<"user" | "admin", string>;

const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS) || 20;
// FUZZ_SEED and FUZZ_RUNS explore further from the shell; CI replays the same runs each time.
const SEED = Number(process.env.FUZZ_SEED) || 20261125;

/** Cases that once answered 5xx, replayed before the generated ones. */
const REGRESSIONS: { route: string; role: Role; input: FuzzInput }[] = [];

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\uD800", "x\uDFFFy", "\u202Eevil\u202C", "\u200F\u200E", "🙂".repeat(50), "' OR 1=1 --", "<script>alert(1)</script>", "../../etc/passwd", "%00%ff%", "NaN", "-1", "1e309"),
  fc.constant("長".repeat(10_000)),
  fc.constant("x".repeat(10_001)),
);

const FIELDS = ["email", "password", "displayName", "message", "content", "sessionId", "shareId", "name", "rolePrompt", "value", "ids", "role", "plan", "disabled", "subject", "bodyMarkdown", "audience", "referralCode", "url", "image", "imageData", "token", "currentPassword", "newPassword", "category", "status", "includeDocuments", "documentIds", "format", "apiKey", "baseUrl", "chatModel", "supporterUntil", "ratePerMinute", "scheduledAt", "model", "messages", "stream", "stream_options"];

// Chat messages as the public API reads them, each part possibly odd.
const chatMessage = fc.record({ role: fc.oneof(fc.constantFrom("user", "assistant", "system", "developer", "tool"), weirdString), content: fc.oneof(weirdString, fc.constant(null), fc.array(fc.record({ type: fc.constantFrom("text", "image_url"), text: weirdString }), { maxLength: 2 })) });

const fieldValue = fc.oneof(weirdString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(weirdString, { maxLength: 3 }), fc.dictionary(weirdString, weirdString, { maxKeys: 3 }), fc.array(chatMessage, { maxLength: 3 }));

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }),
  fc.array(fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 3 }), { maxLength: 3 }),
);

const BOUNDARY = "----fuzzboundary";
const rawBody = fc.oneof(
  // Wrong content types and broken encodings of a body.
  fc.record({ contentType: fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded", "application/json; charset=latin1", ""), raw: weirdString }),
  fc.record({ contentType: fc.constant("application/json"), raw: fc.constantFrom("{", "[1,2", '{"a":', "\u0000", '{"__proto__":{"admin":true}}', "null", "1", '"x"') }),
  // Multipart, whole and cut short.
  fc.record({
    contentType: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`),
    raw: fc.tuple(weirdString, fc.nat({ max: 200 })).map(([text, cut]) => {
      const whole = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${text.slice(0, 20)}.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;
      return cut % 2 === 0 ? whole : whole.slice(0, Math.max(1, whole.length - cut));
    }),
  }),
);

interface FuzzInput {
  id: string;
  query: Record<string, string>;
  body: { json: unknown } | { contentType: string; raw: string };
}

const fuzzInput: fc.Arbitrary<FuzzInput> = fc.record({
  id: fc.oneof(fc.uuid(), weirdString, fc.constantFrom("", "0", "..", "%2e%2e", "00000000-0000-0000-0000-000000000000")),
  query: fc.dictionary(fc.constantFrom("shareId", "sessionId", "page", "limit", "from", "to", "range", "group", "sort", "status", "q", "format", "token", "url", "id"), weirdString, { maxKeys: 4 }),
  body: fc.oneof(jsonBody.map((json) => ({ json })), rawBody),
});

async function cookieFor(role: Role, r: ApiRoute): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  const who = role === "admin" ? admin : user;
  // A route that ends the caller's session gets a session of its own each time.
  if (r.endsSession) return `${SESSION_COOKIE}=${await encodeSession((await findUserById(who.user.id))!)}`;
  return who.cookie;
}

let ipSeq = 0;

async function send(r: ApiRoute, role: Role, input: FuzzInput) {
  const params: Record<string, string | string[]> = { id: input.id, conversationId: input.id, keyId: input.id, nextauth: ["session"] };
  const query = new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, v.toWellFormed()])).toString();
  const path = concretePath(r, params) + (query ? `?${query}` : "");
  const headers: Record<string, string> = { "x-client-ip": `100.97.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}` };
  const cookie = await cookieFor(role, r);
  if (r.access === "apiKey" && role !== "visitor") headers.authorization = `Bearer ${keys[role]}`;
  if (r.method === "GET" || r.method === "DELETE") return call(r.handler, { method: r.method, path, params, cookie, headers });
  if ("json" in input.body) return call(r.handler, { method: r.method, path, params, cookie, headers, body: input.body.json });
  if (input.body.contentType) headers["content-type"] = input.body.contentType;
  return call(r.handler, { method: r.method, path, params, cookie, headers, rawBody: input.body.raw });
}

const savedMessageLimit = env.MESSAGE_LIMIT_PER_USER_PER_MINUTE;
const savedKeyLimit = env.API_KEY_LIMIT_PER_MINUTE;

beforeAll(async () => {
  // The fuzzing user and admin send far more than an owner's 30 messages a minute.
  env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = 1_000_000;
  env.API_KEY_LIMIT_PER_MINUTE = 1_000_000;
  user = await seedUser();
  admin = await seedUser({ role: "admin" });
  // The user's key belongs to someone without a workspace (refused); the admin's opens its assistant.
  for (const [role, who] of [["user", user], ["admin", admin]] as const) {
    keys[role] = (await createAssistantKey({ ownerId: who.user.id, assistantId: (await defaultAssistant(who.user.id)).id, name: role })).key;
  }
  // A second admin, so nothing generated can ever meet the last-admin guard.
  await seedUser({ role: "admin" });
});

afterAll(() => {
  env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = savedMessageLimit;
  env.API_KEY_LIMIT_PER_MINUTE = savedKeyLimit;
});

describe("fuzzing every route", () => {
  it("replays the cases that once failed", async () => {
    for (const c of REGRESSIONS) {
      const r = API_ROUTES.find((x) => label(x) === c.route);
      expect(r, c.route).toBeDefined();
      expect((await send(r!, c.role, c.input)).status, `${c.route} as ${c.role}`).toBeLessThan(500);
    }
  });

  for (const r of API_ROUTES) {
    it(`${label(r)}: never a 5xx, as a visitor, a user and an admin (with their keys on the public API)`, async () => {
      for (const role of ["visitor", "user", "admin"] as const) {
        await fc.assert(
          fc.asyncProperty(fuzzInput, async (input) => {
            const res = await send(r, role, input);
            if (res.status >= 500) throw new Error(`${label(r)} as ${role} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
          }),
          { numRuns: RUNS_PER_ROLE, seed: SEED, endOnFailure: true },
        );
      }
    }, 120_000);
  }

  it("leaves the server healthy and both accounts usable", async () => {
    expect((await call(health.GET as never)).status).toBe(200);
    expect((await findUserById(admin.user.id))?.disabled).toBe(false);
    expect((await findUserById(user.user.id))?.disabled).toBe(false);
  });
});
