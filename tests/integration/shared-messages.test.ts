import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import { SHARE_MESSAGES_PER_IP_PER_MINUTE, SHARE_MESSAGES_PER_LINK_PER_MINUTE, SHARE_MESSAGES_PER_VISITOR_PER_MINUTE } from "@/lib/constants";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { apiUsage } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { createShare, findActiveShare, revokeOwnerShare, updateOwnerShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";

const WASTE = "臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。";
const SECRET = "機密：董事會將於十二月十日討論併購案。";

let ipSeq = 0;
const freshIp = () => `100.90.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function ownerWithShare(options: { includeDocuments?: boolean } = {}) {
  const owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  const share = await createShare({ ownerId: owner.user.id, name: "清運小幫手", rolePrompt: "你是環保局客服。", includeDocuments: options.includeDocuments ?? true });
  return { owner, share };
}

function post(shareId: string, body: Record<string, unknown>, options: { cookie?: string; ip?: string } = {}) {
  return call(shareMessages.POST, {
    method: "POST",
    path: `/api/shared-assistants/${shareId}/messages`,
    params: { id: shareId },
    body,
    cookie: options.cookie,
    headers: { "x-client-ip": options.ip ?? freshIp() },
  });
}

function get(shareId: string, sessionId: string | undefined, cookie?: string) {
  const query = sessionId ? `?sessionId=${sessionId}` : "";
  return call(shareMessages.GET, { path: `/api/shared-assistants/${shareId}/messages${query}`, params: { id: shareId }, cookie, headers: { "x-client-ip": freshIp() } });
}

/** The request is refused with 429 and a Retry-After, and nothing reaches the model or the message count. */
async function expectRefusedBeforeModelCall(share: { id: string; shareId: string }, send: () => ReturnType<typeof post>) {
  const db = await getDb();
  const usage = async () => (await db.select().from(apiUsage).where(eq(apiUsage.sharedAssistantId, share.id))).length;
  const [usageBefore, countBefore] = [await usage(), (await findActiveShare(share.shareId))!.messageCount];
  const res = await send();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await usage()).toBe(usageBefore);
  expect((await findActiveShare(share.shareId))!.messageCount).toBe(countBefore);
}

const guestCookie = (setCookies: string[]) => setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))?.split(";")[0];
const session = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(() => registerJobs());

describe("POST /api/shared-assistants/{shareId}/messages", () => {
  it("answers a guest as the shared assistant from the owner's documents, and counts the message", async () => {
    const { share } = await ownerWithShare();
    const res = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: session() });
    expect(res.status).toBe(200);
    expect(res.body.aiMessage.content).toContain("資源回收在每週二與週四收運");
    expect(res.body.aiMessage.sources[0].documentName).toBe("垃圾清運.txt");
    const cookie = res.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await findActiveShare(share.shareId))!.messageCount).toBe(1);
    const hello = await post(share.shareId, { message: "你好", sessionId: session() });
    expect(hello.body.aiMessage.content).toContain("清運小幫手");
  });

  it("binds a session id to the browser that made it: another browser sees nothing and cannot extend it", async () => {
    const { share } = await ownerWithShare();
    const id = session();
    const first = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: id });
    const mine = guestCookie(first.setCookies)!;
    const back = await get(share.shareId, id, mine);
    expect(back.body.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);

    const thief = await get(share.shareId, id);
    expect(thief.status).toBe(200);
    expect(thief.body).toEqual([]);
    const otherBrowser = guestCookie((await post(share.shareId, { message: "hi", sessionId: session() })).setCookies)!;
    expect(await get(share.shareId, id, otherBrowser).then((r) => r.body)).toEqual([]);
    const extend = await post(share.shareId, { message: "我也要看", sessionId: id }, { cookie: otherBrowser });
    expect(extend.status).toBe(409);
    expect((await get(share.shareId, id, mine)).body).toHaveLength(2);
  });

  it("never draws on documents outside the share's scope", async () => {
    const other = await seedUser({ role: "admin" });
    await uploadDocument({ user: other.user, name: "機密.txt", bytes: new TextEncoder().encode(SECRET) });
    const { share } = await ownerWithShare();
    const res = await post(share.shareId, { message: "董事會什麼時候討論併購案？", sessionId: session() });
    expect(res.body.aiMessage.content).not.toContain("十二月十日");
    const { share: withoutDocs } = await ownerWithShare({ includeDocuments: false });
    const bare = await post(withoutDocs.shareId, { message: "資源回收是哪幾天？", sessionId: session() });
    expect(bare.body.aiMessage.content).not.toContain("週二與週四");
    expect(bare.body.aiMessage.sources).toEqual([]);
  });

  it("keeps no history in public mode, yet counts the messages", async () => {
    const { owner, share } = await ownerWithShare();
    await updateOwnerShare(owner.user.id, share.shareId, { isPublicMode: true });
    const res = await post(share.shareId, { message: "資源回收是哪幾天？" });
    expect(res.status).toBe(200);
    expect(res.body.aiMessage.content).toContain("週二與週四");
    expect(res.setCookies.some((c) => c.startsWith(GUEST_KEY_COOKIE))).toBe(false);
    expect((await get(share.shareId, undefined)).body).toEqual([]);
    expect((await findActiveShare(share.shareId))!.messageCount).toBe(1);
  });

  it("asks for Google sign-in (401 with requireAuth) when the share requires it, then answers the signed-in visitor", async () => {
    const { owner, share } = await ownerWithShare();
    await updateOwnerShare(owner.user.id, share.shareId, { accessMode: "google_required" });
    const anonymous = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: session() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ requireAuth: true, error: { code: "unauthorized", message: expect.any(String) } });
    expect((await get(share.shareId, session())).body.requireAuth).toBe(true);
    const visitor = await seedUser();
    const ok = await post(share.shareId, { message: "資源回收是哪幾天？" }, { cookie: visitor.cookie });
    expect(ok.status).toBe(200);
    expect((await get(share.shareId, undefined, visitor.cookie)).body).toHaveLength(2);
  });

  it("answers 404 for a revoked link and 400 without a valid session id", async () => {
    const { owner, share } = await ownerWithShare();
    expect((await post(share.shareId, { message: "hi" })).status).toBe(400);
    expect((await post(share.shareId, { message: "hi", sessionId: "not-a-session" })).status).toBe(400);
    await revokeOwnerShare(owner.user.id, share.shareId);
    expect((await post(share.shareId, { message: "hi", sessionId: session() })).status).toBe(404);
    expect((await get(share.shareId, session())).status).toBe(404);
  });

  it("limits each visitor, and refuses over the limit with 429 and Retry-After before any model call", async () => {
    const { share } = await ownerWithShare();
    const id = session();
    const ip = freshIp();
    let cookie: string | undefined;
    for (let i = 0; i < SHARE_MESSAGES_PER_VISITOR_PER_MINUTE; i++) {
      const res = await post(share.shareId, { message: `第 ${i} 個問題`, sessionId: id }, { cookie, ip });
      expect(res.status).toBe(200);
      cookie ??= guestCookie(res.setCookies);
    }
    await expectRefusedBeforeModelCall(share, () => post(share.shareId, { message: "再一個", sessionId: id }, { cookie, ip }));
    // Another visitor from the same address is still answered: it was this visitor's limit.
    expect((await post(share.shareId, { message: "換我問", sessionId: session() }, { ip })).status).toBe(200);
  });

  it("limits each address across visitors, with 429 and Retry-After before any model call", async () => {
    const { share } = await ownerWithShare();
    const ip = freshIp();
    for (let i = 0; i < SHARE_MESSAGES_PER_IP_PER_MINUTE; i++) {
      expect((await post(share.shareId, { message: `第 ${i} 位訪客`, sessionId: session() }, { ip })).status).toBe(200);
    }
    await expectRefusedBeforeModelCall(share, () => post(share.shareId, { message: "新訪客", sessionId: session() }, { ip }));
    expect((await post(share.shareId, { message: "別處的訪客", sessionId: session() })).status).toBe(200);
  });

  it("limits each link across addresses, with 429 and Retry-After before any model call", async () => {
    const { share } = await ownerWithShare();
    const { share: otherLink } = await ownerWithShare();
    const answered = await Promise.all(
      Array.from({ length: SHARE_MESSAGES_PER_LINK_PER_MINUTE }, (_, i) => post(share.shareId, { message: `第 ${i} 位訪客`, sessionId: session() })),
    );
    expect(answered.every((r) => r.status === 200)).toBe(true);
    await expectRefusedBeforeModelCall(share, () => post(share.shareId, { message: "新訪客", sessionId: session() }));
    expect((await post(otherLink.shareId, { message: "另一個連結", sessionId: session() })).status).toBe(200);
  });

  it("takes its limits from SHARE_LIMIT_* in the environment", async () => {
    const { share } = await ownerWithShare();
    const saved = env.SHARE_LIMIT_PER_LINK_PER_MINUTE;
    env.SHARE_LIMIT_PER_LINK_PER_MINUTE = 2;
    try {
      for (let i = 0; i < 2; i++) expect((await post(share.shareId, { message: `第 ${i} 位訪客`, sessionId: session() })).status).toBe(200);
      await expectRefusedBeforeModelCall(share, () => post(share.shareId, { message: "新訪客", sessionId: session() }));
    } finally {
      env.SHARE_LIMIT_PER_LINK_PER_MINUTE = saved;
    }
  });

  it("refuses an over-long message before any work", async () => {
    const { share } = await ownerWithShare();
    const res = await post(share.shareId, { message: "x".repeat(4_001), sessionId: session() });
    expect(res.status).toBe(400);
    expect((await findActiveShare(share.shareId))!.messageCount).toBe(0);
  });

  it("keeps 50 concurrent guests on one link apart, with no server error", async () => {
    const { share } = await ownerWithShare();
    const guests = Array.from({ length: 50 }, (_, i) => ({ id: session() + i, ip: freshIp(), question: `第 ${i} 位訪客：資源回收是哪幾天？` }));
    const results = await Promise.all(guests.map((g) => post(share.shareId, { message: g.question, sessionId: g.id }, { ip: g.ip })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    await Promise.all(
      guests.map(async (g, i) => {
        const listed = await get(share.shareId, g.id, guestCookie(results[i].setCookies));
        expect(listed.body.map((m: { content: string }) => m.content)[0]).toBe(g.question);
        expect(listed.body).toHaveLength(2);
      }),
    );
    expect((await findActiveShare(share.shareId))!.messageCount).toBe(50);
  });
});
