import { describe, expect, it } from "vitest";
import * as feedbackRoute from "@/app/api/feedback/route";
import * as feedbackIdRoute from "@/app/api/feedback/[id]/route";
import { FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_SUBMIT_LIMIT_PER_IP } from "@/lib/constants";
import { countNewFeedback, listFeedback } from "@/lib/server/queries/feedback";
import { call, seedUser } from "../support/http";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
let ipSeq = 0;
/** Every submission in this file comes from its own address unless a test says otherwise. */
const freshIp = () => `192.0.2.${++ipSeq}`;

function submit(body: unknown, options: { ip?: string; cookie?: string } = {}) {
  return call(feedbackRoute.POST, {
    method: "POST",
    path: "/api/feedback",
    body,
    cookie: options.cookie,
    headers: { "x-client-ip": options.ip ?? freshIp() },
  });
}

async function storedCount() {
  return (await listFeedback({ limit: 1, offset: 0 })).total;
}

async function findStored(id: string) {
  const { feedback } = await listFeedback({ limit: 100, offset: 0 });
  return feedback.find((f) => f.id === id);
}

describe("POST /api/feedback", () => {
  it("accepts feedback from a signed-out visitor and stores it", async () => {
    const res = await submit({
      category: "bug",
      message: "  上傳按鈕沒有反應  ",
      name: "訪客",
      email: "Visitor@Example.com",
      pagePath: "/feedback",
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    expect(typeof res.body.id).toBe("string");
    const row = await findStored(res.body.id);
    expect(row).toMatchObject({
      category: "bug",
      message: "上傳按鈕沒有反應",
      name: "訪客",
      email: "Visitor@Example.com",
      pagePath: "/feedback",
      status: "new",
      userId: null,
    });
  });

  it("defaults the category to other and allows name and e-mail to be empty", async () => {
    const res = await submit({ message: "Just a note", name: "", email: "" });
    expect(res.status).toBe(201);
    const row = await findStored(res.body.id);
    expect(row).toMatchObject({ category: "other", name: null, email: null, userId: null });
  });

  it("links feedback to a signed-in user and fills in their name and e-mail", async () => {
    const { cookie, user, email } = await seedUser();
    const res = await submit({ message: "From a member" }, { cookie });
    expect(res.status).toBe(201);
    const row = await findStored(res.body.id);
    expect(row).toMatchObject({ userId: user.id, name: user.displayName, email });
  });

  it("accepts a message of exactly the maximum length", async () => {
    const res = await submit({ message: "字".repeat(FEEDBACK_MESSAGE_MAX_LENGTH) });
    expect(res.status).toBe(201);
    expect((await findStored(res.body.id))?.message).toHaveLength(FEEDBACK_MESSAGE_MAX_LENGTH);
  });

  it("rejects invalid input with 400 and details, storing nothing", async () => {
    const before = await storedCount();
    const cases: [unknown, string][] = [
      [{ message: "" }, "message"],
      [{ message: "   \n\t " }, "message"],
      [{}, "message"],
      [{ message: "ok", email: "not-an-email" }, "email"],
      [{ message: "ok", email: "a@b" }, "email"],
      [{ message: "x".repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1) }, "message"],
      [{ message: "ok", category: "spam" }, "category"],
      [{ message: "ok", name: "n".repeat(51) }, "name"],
      [{ message: "ok", pagePath: "/".repeat(301) }, "pagePath"],
      [{ message: 123 }, "message"],
    ];
    for (const [body, field] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe("validation");
      expect(Array.isArray(res.body.error.details)).toBe(true);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect(await storedCount()).toBe(before);
  });

  it("reports validation messages as keys the form can translate", async () => {
    const res = await submit({ message: "" });
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: "message", message: "validation.messageRequired" })]);
    const long = await submit({ message: "x".repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1) });
    expect(long.body.error.details[0].message).toBe("validation.messageTooLong");
  });

  it(`limits each address to ${FEEDBACK_SUBMIT_LIMIT_PER_IP} submissions an hour with 429 and Retry-After`, async () => {
    const ip = "198.51.100.77";
    const before = await storedCount();
    for (let i = 0; i < FEEDBACK_SUBMIT_LIMIT_PER_IP; i++) {
      const res = await submit({ message: `message ${i}` }, { ip });
      expect(res.status, `submission ${i + 1}`).toBe(201);
    }
    const blocked = await submit({ message: "one too many" }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(blocked.body.error.message).toContain(String(retryAfter));
    expect(await storedCount()).toBe(before + FEEDBACK_SUBMIT_LIMIT_PER_IP);

    // Still blocked on the next try, signed in or not.
    const { cookie } = await seedUser();
    expect((await submit({ message: "again" }, { ip, cookie })).status).toBe(429);
    // Another address is unaffected.
    expect((await submit({ message: "from elsewhere" }, { ip: "198.51.100.78" })).status).toBe(201);
    expect(await storedCount()).toBe(before + FEEDBACK_SUBMIT_LIMIT_PER_IP + 1);
  });

  it("counts the address from X-Forwarded-For when no x-client-ip is set", async () => {
    const spoofable = (n: number) =>
      call(feedbackRoute.POST, {
        method: "POST",
        body: { message: `fwd ${n}` },
        headers: { "x-forwarded-for": `10.9.9.${n}, 203.0.113.200` },
      });
    // The caller controls the first hop; the last (our own proxy's) is what counts.
    for (let i = 0; i < FEEDBACK_SUBMIT_LIMIT_PER_IP; i++) expect((await spoofable(i)).status).toBe(201);
    expect((await spoofable(99)).status).toBe(429);
  });
});

describe("GET /api/feedback", () => {
  it("lists feedback newest first for an admin, with a total", async () => {
    const admin = await seedUser({ role: "admin" });
    const ids: string[] = [];
    for (const message of ["first", "second", "third"]) ids.push((await submit({ message })).body.id);
    const res = await call(feedbackRoute.GET, { cookie: admin.cookie, path: "/api/feedback?limit=100" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await storedCount());
    const listed = res.body.feedback.map((f: { id: string }) => f.id);
    expect(listed.slice(0, 3)).toEqual([...ids].reverse());
    const times = res.body.feedback.map((f: { createdAt: string }) => Date.parse(f.createdAt));
    expect(times.every((t: number) => Number.isFinite(t))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body.feedback[0]).toMatchObject({ message: "third", status: "new", category: "other" });
  });

  it("pages with limit and offset", async () => {
    const admin = await seedUser({ role: "admin" });
    const all = await call(feedbackRoute.GET, { cookie: admin.cookie, path: "/api/feedback?limit=100" });
    const page = await call(feedbackRoute.GET, { cookie: admin.cookie, path: "/api/feedback?limit=2&offset=1" });
    expect(page.status).toBe(200);
    expect(page.body.feedback.map((f: { id: string }) => f.id)).toEqual(
      all.body.feedback.slice(1, 3).map((f: { id: string }) => f.id),
    );
    expect(page.body.total).toBe(all.body.total);
    for (const q of ["?limit=0", "?limit=101", "?offset=-1", "?limit=x"]) {
      expect((await call(feedbackRoute.GET, { cookie: admin.cookie, path: `/api/feedback${q}` })).status, q).toBe(400);
    }
  });

  it("is admin-only: signed out 401, user 403, manager 403", async () => {
    const user = await seedUser();
    const manager = await seedUser({ role: "manager" });
    const out = await call(feedbackRoute.GET);
    expect(out.status).toBe(401);
    const asUser = await call(feedbackRoute.GET, { cookie: user.cookie });
    expect(asUser.status).toBe(403);
    expect(asUser.body.feedback).toBeUndefined();
    const asManager = await call(feedbackRoute.GET, { cookie: manager.cookie });
    expect(asManager.status).toBe(403);
    expect(asManager.body.feedback).toBeUndefined();
  });
});

describe("PATCH /api/feedback/{id}", () => {
  function setStatus(cookie: string | undefined, id: string, body: unknown) {
    return call(feedbackIdRoute.PATCH, { method: "PATCH", cookie, params: { id }, path: `/api/feedback/${id}`, body });
  }

  it("marks feedback read, then resolved, then new again", async () => {
    const admin = await seedUser({ role: "admin" });
    const { id } = (await submit({ message: "please triage" })).body;
    const newBefore = await countNewFeedback();
    const read = await setStatus(admin.cookie, id, { status: "read" });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ok: true, status: "read" });
    expect((await findStored(id))?.status).toBe("read");
    expect(await countNewFeedback()).toBe(newBefore - 1);

    expect((await setStatus(admin.cookie, id, { status: "resolved" })).body.status).toBe("resolved");
    expect((await findStored(id))?.status).toBe("resolved");
    expect((await setStatus(admin.cookie, id, { status: "new" })).body.status).toBe("new");
    expect((await findStored(id))?.status).toBe("new");
  });

  it("rejects an unknown status or extra fields with 400", async () => {
    const admin = await seedUser({ role: "admin" });
    const { id } = (await submit({ message: "status check" })).body;
    for (const body of [{ status: "deleted" }, {}, { status: "read", message: "rewritten" }, { status: null }]) {
      const res = await setStatus(admin.cookie, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await findStored(id)).toMatchObject({ status: "new", message: "status check" });
  });

  it("answers 404 for an unknown id", async () => {
    const admin = await seedUser({ role: "admin" });
    for (const id of [UNKNOWN_ID, "nope"]) {
      const res = await setStatus(admin.cookie, id, { status: "read" });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("is admin-only", async () => {
    const user = await seedUser();
    const manager = await seedUser({ role: "manager" });
    const { id } = (await submit({ message: "guarded" })).body;
    expect((await setStatus(undefined, id, { status: "read" })).status).toBe(401);
    expect((await setStatus(user.cookie, id, { status: "read" })).status).toBe(403);
    expect((await setStatus(manager.cookie, id, { status: "resolved" })).status).toBe(403);
    expect((await findStored(id))?.status).toBe("new");
  });
});
