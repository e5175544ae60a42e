import { beforeAll, describe, expect, it } from "vitest";
import * as messagesRoute from "@/app/api/messages/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as insights from "@/app/api/assistants/[id]/insights/route";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";

// On an assistant's insights a guest is only "visitor N": numbered among the assistant's guests
// (all its shares) in the order of their first visit, so a guest keeps their number as others come.

const WASTE = ["臺北市垃圾清運公告", "垃圾車每週一、三、五晚上七點收運一般垃圾。", "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。"].join("\n\n");
const OUTSIDE = "太空梭的燃料是什麼成分？";

let ipSeq = 0;
const freshIp = () => `100.94.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const newSession = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

function guestOf(shareId: string) {
  const sessionId = newSession();
  let cookie: string | undefined;
  return async (message: string): Promise<string> => {
    const res = await call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${shareId}/messages`, params: { id: shareId }, body: { message, sessionId }, cookie, headers: { "x-client-ip": freshIp() } });
    expect(res.status).toBe(200);
    cookie ??= res.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
    return res.body.aiMessage.id;
  };
}

async function ownerWithAssistant() {
  const owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  const assistant = await defaultAssistant(owner.user.id);
  const share = () => createShare({ ownerId: owner.user.id, assistantId: assistant.id, name: "清運小幫手", rolePrompt: "", includeDocuments: true });
  return { owner, assistant, share };
}

/** Each unanswered row's reply id with its visitor label. */
async function visitorsOf(cookie: string, assistantId: string): Promise<Map<string, number | null>> {
  const res = await call(insights.GET, { path: `/api/assistants/${assistantId}/insights`, params: { id: assistantId }, cookie });
  expect(res.status).toBe(200);
  return new Map((res.body.unanswered as { id: string; visitor: number | null }[]).map((r) => [r.id, r.visitor]));
}

beforeAll(() => registerJobs());

describe("visitors on the insights screen", () => {
  it("are numbered per assistant by first visit, across its shares, and keep their numbers; the owner's own chat has none", async () => {
    const { owner, assistant, share } = await ownerWithAssistant();
    const first = await share();
    const second = await share();
    const guest1 = guestOf(first.shareId);
    const guest2 = guestOf(first.shareId);
    const guest3 = guestOf(second.shareId);
    await guest1("資源回收是哪幾天？");
    const r2 = await guest2(OUTSIDE);
    const r3 = await guest3(OUTSIDE);
    const r1 = await guest1(OUTSIDE);
    const own = await call(messagesRoute.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: OUTSIDE } });
    expect(own.status).toBe(200);

    const before = await visitorsOf(owner.cookie, assistant.id);
    expect(before.get(r1)).toBe(1);
    expect(before.get(r2)).toBe(2);
    expect(before.get(r3)).toBe(3);
    expect([...before.values()].filter((v) => v === null)).toHaveLength(1);

    // A newcomer takes the next number; everyone else keeps theirs.
    const r4 = await guestOf(second.shareId)(OUTSIDE);
    const after = await visitorsOf(owner.cookie, assistant.id);
    expect([after.get(r1), after.get(r2), after.get(r3), after.get(r4)]).toEqual([1, 2, 3, 4]);

    // Another owner's assistant counts its own guests.
    const other = await ownerWithAssistant();
    const r = await guestOf((await other.share()).shareId)(OUTSIDE);
    expect((await visitorsOf(other.owner.cookie, other.assistant.id)).get(r)).toBe(1);
  });
});
