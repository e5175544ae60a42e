import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import * as register from "@/app/api/register/route";
import * as login from "@/app/api/login/route";
import * as userRoute from "@/app/api/user/route";
import * as passwordRoute from "@/app/api/user/password/route";
import * as guestStatus from "@/app/api/guest/auth-status/route";
import * as feedbackRoute from "@/app/api/feedback/route";
import * as trialSetup from "@/app/api/trial-setup/route";
import * as dailyCheckin from "@/app/api/daily-checkin/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import type { Role } from "@/lib/constants";
import { SESSION_COOKIE } from "@/lib/server/auth/session";
import { createFeedback, listFeedback } from "@/lib/server/queries/feedback";
import { deleteUserGuarded, findUserByEmail, findUserById, updateUserGuarded } from "@/lib/server/queries/users";
import { API_ROUTES, HTTP_METHODS, PROTECTED_ROUTES, concretePath, label, type ApiRoute, type Handler } from "../support/api-routes";
import { call, seedUser, sessionFrom, type CallOptions } from "../support/http";

// docs/rules/security.md#sign-in-and-roles: every handler checks the session and role itself.

type Seeded = Awaited<ReturnType<typeof seedUser>>;

let ipSeq = 0;
const freshIp = () => `100.64.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const people = {} as Record<"admin" | "admin2" | "manager" | "user" | "target", Seeded>;
const disabled = {} as Record<Role, Seeded>;
const deleted = {} as Record<Role, Seeded>;
let feedbackId = "";

beforeAll(async () => {
  people.admin = await seedUser({ role: "admin" });
  people.admin2 = await seedUser({ role: "admin" });
  people.manager = await seedUser({ role: "manager" });
  people.user = await seedUser();
  people.target = await seedUser();
  for (const role of ["admin", "manager", "user"] as const) {
    disabled[role] = await seedUser({ role });
    expect((await updateUserGuarded(disabled[role].user.id, { disabled: true })).ok).toBe(true);
    deleted[role] = await seedUser({ role });
    expect((await deleteUserGuarded(deleted[role].user.id)).ok).toBe(true);
  }
  feedbackId = (await createFeedback({ message: "seeded", category: "other" })).id;
});

function paramsFor(r: ApiRoute): Record<string, string | string[]> {
  if (r.path.startsWith("/api/users/{id}")) return { id: people.target.user.id };
  if (r.path.startsWith("/api/feedback/{id}")) return { id: feedbackId };
  if (r.path.includes("{...nextauth}")) return { nextauth: ["session"] };
  return {};
}

/** Calls a route the way a browser on this site would, with a harmless body for mutations. */
function hit(r: ApiRoute, options: Omit<CallOptions, "method" | "params" | "path"> = {}) {
  const params = paramsFor(r);
  const { body, headers, ...rest } = options;
  return call(r.handler, {
    method: r.method,
    params,
    path: concretePath(r, params),
    ...rest,
    body: r.method === "GET" ? undefined : (body ?? {}),
    headers: { "x-client-ip": freshIp(), ...headers },
  });
}

/** The state a denied call must leave untouched. */
async function snapshot() {
  const { feedback } = await listFeedback({ limit: 100, offset: 0 });
  return {
    target: await findUserById(people.target.user.id),
    user: await findUserById(people.user.user.id),
    manager: await findUserById(people.manager.user.id),
    feedback: feedback.map((f) => `${f.id}:${f.status}`).sort(),
  };
}

const MIDDLEWARE_BYPASS_HEADERS: Record<string, string>[] = [
  { "x-middleware-subrequest": "middleware:middleware:middleware" },
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-middleware-subrequest": "middleware" },
  { "x-middleware-subrequest": "src/middleware:src/middleware:src/middleware:src/middleware:src/middleware" },
  { "x-middleware-subrequest": "pages/_middleware" },
  { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
  { "x-middleware-subrequest": "src/proxy:src/proxy:src/proxy:src/proxy:src/proxy" },
  { "x-middleware-subrequest": "" },
  { "x-middleware-subrequest": "1", "x-middleware-prefetch": "1", "x-nextjs-data": "1", "x-invoke-path": "/api/users" },
];

describe("route table", () => {
  it("lists every route file and exported method under app/api", async () => {
    const root = path.join(process.cwd(), "app");
    const files = (fs.readdirSync(path.join(root, "api"), { recursive: true }) as string[])
      .map((f) => path.join("api", f).split(path.sep).join("/"))
      .filter((f) => /\/route\.tsx?$/.test(f));
    const onDisk: string[] = [];
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      for (const method of HTTP_METHODS) if (typeof mod[method] === "function") onDisk.push(`${method} ${file}`);
    }
    const inTable = API_ROUTES.map((r) => `${r.method} ${r.file}`);
    expect(inTable.sort()).toEqual(onDisk.sort());
  });
});

for (const r of PROTECTED_ROUTES) {
  describe(label(r), () => {
    it("answers 401 when signed out", async () => {
      const before = await snapshot();
      const res = await hit(r);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
      expect(sessionFrom(res)).toBeUndefined();
      expect(await snapshot()).toEqual(before);
    });

    it("answers 401 for forged, garbage and foreign-secret cookies", async () => {
      const foreign = await encode({
        token: { sub: people.admin.user.id, uid: people.admin.user.id, sv: 0 },
        secret: "some-other-secret-entirely",
      });
      for (const cookie of [
        `${SESSION_COOKIE}=garbage`,
        `${SESSION_COOKIE}=eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ4Iiwic3YiOjB9.`,
        `${SESSION_COOKIE}=${foreign}`,
        `${SESSION_COOKIE}=`,
        `__Secure-${SESSION_COOKIE}=garbage`,
        `role=admin; uid=${people.admin.user.id}`,
      ]) {
        const res = await hit(r, { cookie });
        expect(res.status, cookie.slice(0, 40)).toBe(401);
      }
    });

    if (r.access === "admin" || r.access === "staff") {
      it("answers 403 to an ordinary user and changes nothing", async () => {
        const before = await snapshot();
        const res = await hit(r, { cookie: people.user.cookie, body: { role: "admin", value: "everyone", status: "resolved", disabled: true } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: { code: "forbidden", message: expect.any(String) } });
        expect(await snapshot()).toEqual(before);
      });
    }

    if (r.access === "admin") {
      it("answers 403 to a manager and changes nothing", async () => {
        const before = await snapshot();
        const res = await hit(r, { cookie: people.manager.cookie, body: { role: "admin", value: "everyone", status: "resolved" } });
        expect(res.status).toBe(403);
        expect(await snapshot()).toEqual(before);
      });
    }

    it("ignores x-middleware-subrequest and other internal Next headers", async () => {
      const before = await snapshot();
      for (const headers of MIDDLEWARE_BYPASS_HEADERS) {
        const signedOut = await hit(r, { headers });
        expect(signedOut.status, JSON.stringify(headers)).toBe(401);
        if (r.access !== "user") {
          const asUser = await hit(r, { headers, cookie: people.user.cookie });
          expect(asUser.status, JSON.stringify(headers)).toBe(403);
        }
        if (r.access === "admin") {
          const asManager = await hit(r, { headers, cookie: people.manager.cookie });
          expect(asManager.status, JSON.stringify(headers)).toBe(403);
        }
      }
      expect(await snapshot()).toEqual(before);
      if (r.method === "GET") {
        // And it grants nothing extra to a caller who is allowed: the answer is the same.
        const cookie = people.admin.cookie;
        const plain = await hit(r, { cookie });
        const withHeader = await hit(r, { cookie, headers: MIDDLEWARE_BYPASS_HEADERS[0] });
        // 404 for routes whose placeholder id names nothing (a document id), 400 for one that needs
        // input this bare call lacks (an export's format), 200 otherwise.
        expect([200, 400, 404]).toContain(plain.status);
        expect(withHeader.status).toBe(plain.status);
      }
    });

    for (const state of ["disabled", "deleted"] as const) {
      it(`answers 401 to a ${state} user's existing cookie, whatever their role`, async () => {
        const before = await snapshot();
        const victims = state === "disabled" ? disabled : deleted;
        for (const role of ["admin", "manager", "user"] as const) {
          const res = await hit(r, { cookie: victims[role].cookie, body: { role: "admin", value: "everyone" } });
          expect(res.status, role).toBe(401);
          expect(sessionFrom(res)).toBeUndefined();
        }
        expect(await snapshot()).toEqual(before);
      });
    }
  });
}

describe("public routes with an ended session", () => {
  for (const state of ["disabled", "deleted"] as const) {
    it(`GET /api/guest/auth-status reports a ${state} user as signed out`, async () => {
      const victims = state === "disabled" ? disabled : deleted;
      for (const role of ["admin", "manager", "user"] as const) {
        const res = await call(guestStatus.GET, { cookie: victims[role].cookie });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ isAuthenticated: false, user: null });
      }
    });

    it(`GET /api/auth/session (next-auth) returns no session for a ${state} user`, async () => {
      const victims = state === "disabled" ? disabled : deleted;
      for (const role of ["admin", "manager", "user"] as const) {
        const res = await call(nextAuth.GET as unknown as Handler, {
          params: { nextauth: ["session"] },
          path: "/api/auth/session",
          cookie: victims[role].cookie,
        });
        expect(res.status).toBe(200);
        expect(res.body?.user, role).toBeUndefined();
        // The stale cookie is not refreshed into a new one.
        const refreshed = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
        expect(refreshed, role).toBeUndefined();
      }
    });

    it(`POST /api/register treats a ${state} admin as a visitor: role and plan are ignored`, async () => {
      const email = `via-${state}-admin@example.com`;
      const res = await call(register.POST, {
        method: "POST",
        cookie: (state === "disabled" ? disabled : deleted).admin.cookie,
        headers: { "x-client-ip": freshIp() },
        body: { email, password: "long enough pw", displayName: "Escalated", role: "admin", plan: "supporter" },
      });
      expect(res.status).toBe(201);
      expect(await findUserByEmail(email)).toMatchObject({ role: "user", plan: "free" });
    });

    it(`POST /api/feedback from a ${state} user is stored as anonymous`, async () => {
      const victim = (state === "disabled" ? disabled : deleted).user;
      const res = await call(feedbackRoute.POST, {
        method: "POST",
        cookie: victim.cookie,
        headers: { "x-client-ip": freshIp() },
        body: { message: `from a ${state} user` },
      });
      expect(res.status).toBe(201);
      const { feedback } = await listFeedback({ limit: 100, offset: 0 });
      const row = feedback.find((f) => f.id === res.body.id);
      expect(row?.userId).toBeNull();
      expect(row?.email).toBeNull();
    });
  }

  it("a valid session for an active user keeps working (control)", async () => {
    const res = await call(nextAuth.GET as unknown as Handler, {
      params: { nextauth: ["session"] },
      path: "/api/auth/session",
      cookie: people.user.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(people.user.email);
    expect((await call(userRoute.GET, { cookie: people.user.cookie })).status).toBe(200);
  });
});

describe("no self-escalation through body fields", () => {
  const ESCALATION_FIELDS: Record<string, unknown> = {
    role: "admin",
    plan: "supporter",
    isAdmin: true,
    admin: true,
    roles: ["admin"],
    disabled: false,
    sessionVersion: 0,
    trialEndsAt: "2099-01-01T00:00:00.000Z",
    effectivePlan: "supporter",
    user: { role: "admin", plan: "supporter" },
  };
  const PROTO_RAW = (base: Record<string, unknown>) =>
    JSON.stringify(base).replace(/}$/, `,"__proto__":{"role":"admin","plan":"supporter"},"constructor":{"prototype":{"role":"admin"}}}`);

  async function expectUnchanged(id: string, role: Role = "user") {
    const stored = await findUserById(id);
    expect(stored?.role).toBe(role);
    expect(stored?.plan).toBe("free");
    expect(stored?.trialEndsAt).toBeNull();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }

  it("POST /api/register: a visitor or a signed-in user gets an ordinary free account", async () => {
    const me = await seedUser();
    let n = 0;
    for (const cookie of [undefined, me.cookie, people.manager.cookie]) {
      for (const raw of [false, true]) {
        const email = `escalate-${++n}@example.com`;
        const base = { email, password: "long enough pw", displayName: "Esc" };
        const res = await call(register.POST, {
          method: "POST",
          cookie,
          headers: { "x-client-ip": freshIp(), "content-type": "application/json" },
          ...(raw ? { rawBody: PROTO_RAW(base) } : { body: { ...base, ...ESCALATION_FIELDS } }),
        });
        expect(res.status, email).toBe(201);
        expect(res.body.user).toMatchObject({ role: "user", plan: "free", effectivePlan: "free", disabled: false });
        const created = await findUserByEmail(email);
        expect(created).toMatchObject({ role: "user", plan: "free", trialEndsAt: null });
        // The cookie issued (when one is) belongs to the new ordinary account.
        const cookieOut = sessionFrom(res);
        if (cookieOut) expect((await call(userRoute.GET, { cookie: cookieOut })).body.role).toBe("user");
      }
    }
    await expectUnchanged(me.user.id);
  });

  it("PATCH /api/user: every field but displayName is refused and nothing changes", async () => {
    const me = await seedUser();
    for (const [field, value] of Object.entries(ESCALATION_FIELDS)) {
      const res = await call(userRoute.PATCH, { method: "PATCH", cookie: me.cookie, body: { displayName: "Me", [field]: value } });
      expect(res.status, field).toBe(400);
    }
    const proto = await call(userRoute.PATCH, {
      method: "PATCH",
      cookie: me.cookie,
      headers: { "content-type": "application/json" },
      rawBody: PROTO_RAW({ displayName: "Proto" }),
    });
    expect(proto.status === 400 || proto.body.role === "user").toBe(true);
    await expectUnchanged(me.user.id);
    const after = await call(userRoute.GET, { cookie: me.cookie });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ role: "user", plan: "free" });
  });

  it("PATCH /api/user: a manager cannot become admin either", async () => {
    const mgr = await seedUser({ role: "manager" });
    const res = await call(userRoute.PATCH, { method: "PATCH", cookie: mgr.cookie, body: { displayName: "M", role: "admin" } });
    expect(res.status).toBe(400);
    expect((await findUserById(mgr.user.id))?.role).toBe("manager");
  });

  it("POST /api/user/password: extra fields are ignored, the new cookie is still an ordinary user", async () => {
    const me = await seedUser();
    const res = await call(passwordRoute.POST, {
      method: "POST",
      cookie: me.cookie,
      body: { currentPassword: me.password, newPassword: "another long pw", ...ESCALATION_FIELDS },
    });
    expect([200, 400]).toContain(res.status);
    await expectUnchanged(me.user.id);
    const cookie = sessionFrom(res) ?? me.cookie;
    const after = await call(userRoute.GET, { cookie });
    expect(after.body).toMatchObject({ role: "user", plan: "free" });
  });

  it("POST /api/login: extra fields do not change the account or the session", async () => {
    const me = await seedUser();
    const res = await call(login.POST, {
      method: "POST",
      headers: { "x-client-ip": freshIp() },
      body: { email: me.email, password: me.password, ...ESCALATION_FIELDS },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "user", plan: "free" });
    await expectUnchanged(me.user.id);
    expect((await call(userRoute.GET, { cookie: sessionFrom(res) })).body.role).toBe("user");
  });

  it("POST /api/feedback and POST /api/trial-setup: extra fields change no account", async () => {
    const me = await seedUser();
    const fb = await call(feedbackRoute.POST, {
      method: "POST",
      cookie: me.cookie,
      headers: { "x-client-ip": freshIp() },
      body: { message: "hello", userId: people.admin.user.id, ...ESCALATION_FIELDS },
    });
    expect(fb.status).toBe(201);
    const { feedback } = await listFeedback({ limit: 100, offset: 0 });
    expect(feedback.find((f) => f.id === fb.body.id)?.userId).toBe(me.user.id);

    const setup = await call(trialSetup.POST, {
      method: "POST",
      cookie: me.cookie,
      headers: { "x-client-ip": freshIp() },
      body: { email: me.email, password: "long enough pw", displayName: "Me", ...ESCALATION_FIELDS },
    });
    expect(setup.status).toBe(409);
    expect(sessionFrom(setup)).toBeUndefined();
    await expectUnchanged(me.user.id);
  });

  it("query strings grant nothing: ?role=admin on user routes", async () => {
    const me = await seedUser();
    const res = await call(userRoute.GET, { cookie: me.cookie, path: "/api/user?role=admin&plan=supporter" });
    expect(res.body).toMatchObject({ role: "user", plan: "free" });
    const checkin = await call(dailyCheckin.GET, { cookie: me.cookie, path: "/api/daily-checkin?role=admin" });
    expect(checkin.status).toBe(403);
    await expectUnchanged(me.user.id);
  });
});
