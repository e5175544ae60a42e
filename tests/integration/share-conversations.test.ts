import { beforeAll, describe, expect, it } from "vitest";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as conversations from "@/app/api/shared-assistants/[id]/conversations/route";
import * as conversation from "@/app/api/shared-assistants/[id]/conversations/[conversationId]/route";
import * as exportRoute from "@/app/api/shared-assistants/[id]/conversations/export/route";
import { SHARE_CONVERSATIONS_EXPORT_BATCH } from "@/lib/constants";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { claimGuestSession } from "@/lib/server/queries/guest-sessions";
import { insertExchange } from "@/lib/server/queries/messages";
import { createShare, revokeOwnerShare, updateOwnerShare } from "@/lib/server/queries/shared-assistants";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { NextRequest } from "next/server";
import { call, ORIGIN, seedUser } from "../support/http";

// A share's owner reads, searches and exports its visitors' conversations; nobody else can (not
// even another admin: docs/rules/sharing.md#visitors-conversations), and public mode keeps nothing to read.

const WASTE = "臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。\n\n巨大垃圾需事先預約。";

let ipSeq = 0;
const freshIp = () => `100.70.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const session = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

function ask(shareId: string, message: string, options: { sessionId?: string; cookie?: string } = {}) {
  return call(shareMessages.POST, {
    method: "POST",
    path: `/api/shared-assistants/${shareId}/messages`,
    params: { id: shareId },
    body: { message, ...(options.sessionId ? { sessionId: options.sessionId } : {}) },
    cookie: options.cookie,
    headers: { "x-client-ip": freshIp() },
  });
}

/** A guest's conversation of several questions from one browser. */
async function guestAsks(shareId: string, questions: string[]) {
  const sessionId = session();
  let cookie: string | undefined;
  for (const question of questions) {
    const res = await ask(shareId, question, { sessionId, cookie });
    expect(res.status).toBe(200);
    cookie ??= res.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))?.split(";")[0];
  }
  return sessionId;
}

const list = (shareId: string, cookie: string | undefined, query = "") =>
  call(conversations.GET, { path: `/api/shared-assistants/${shareId}/conversations${query}`, params: { id: shareId }, cookie });
const read = (shareId: string, conversationId: string, cookie: string | undefined) =>
  call(conversation.GET, { path: `/api/shared-assistants/${shareId}/conversations/${conversationId}`, params: { id: shareId, conversationId }, cookie });
const download = (shareId: string, cookie: string | undefined, query: string) =>
  call(exportRoute.GET, { path: `/api/shared-assistants/${shareId}/conversations/export${query}`, params: { id: shareId }, cookie });

/** The export's bytes as sent (Response.text() would drop the byte-order mark). */
async function downloadText(shareId: string, cookie: string, query: string) {
  const req = new NextRequest(`${ORIGIN}/api/shared-assistants/${shareId}/conversations/export${query}`, { headers: { host: "localhost:3000", cookie } });
  const res = await exportRoute.GET(req, { params: Promise.resolve({ id: shareId }) });
  return { res, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

/** RFC 4180 as the export writes it: every cell quoted, "" for a quote, CRLF between rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

let owner: Awaited<ReturnType<typeof seedUser>>;
let otherOwner: Awaited<ReturnType<typeof seedUser>>;
let visitor: Awaited<ReturnType<typeof seedUser>>;
let share: Awaited<ReturnType<typeof createShare>>;
let guestSession: string;

beforeAll(async () => {
  registerJobs();
  owner = await seedUser({ role: "admin" });
  otherOwner = await seedUser({ role: "admin" });
  visitor = await seedUser();
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  share = await createShare({ ownerId: owner.user.id, name: "清運小幫手", rolePrompt: "你是環保局客服。", includeDocuments: true });
  guestSession = await guestAsks(share.shareId, ["資源回收是哪幾天？", "巨大垃圾怎麼丟？"]);
  // A signed-in visitor.
  expect((await ask(share.shareId, "Is there Recycling on Tuesday?", { cookie: visitor.cookie })).status).toBe(200);
});

describe("GET /api/shared-assistants/{shareId}/conversations", () => {
  it("lists guests' and signed-in visitors' conversations with dates, counts and the first question", async () => {
    const res = await list(share.shareId, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 0, pageSize: 20, publicMode: false });
    const [latest, earlier] = res.body.conversations;
    expect(latest).toMatchObject({ visitor: "user", visitorName: visitor.user.displayName, guestCode: null, messageCount: 2, preview: "Is there Recycling on Tuesday?" });
    expect(earlier).toMatchObject({ visitor: "guest", visitorName: null, messageCount: 4, preview: "資源回收是哪幾天？" });
    expect(earlier.guestCode).toMatch(/^[0-9A-F]{6}$/);
    expect(Date.parse(earlier.startedAt)).toBeLessThanOrEqual(Date.parse(earlier.lastMessageAt));
    // A guest is never named by the session id their browser holds.
    expect(JSON.stringify(res.body)).not.toContain(guestSession);
    expect(JSON.stringify(res.body)).not.toContain(visitor.email);
  });

  it("searches the text of messages, questions and replies, case-insensitively and literally", async () => {
    const byChinese = await list(share.shareId, owner.cookie, `?q=${encodeURIComponent("巨大垃圾")}`);
    expect(byChinese.body.total).toBe(1);
    expect(byChinese.body.conversations[0]).toMatchObject({ visitor: "guest", preview: "巨大垃圾怎麼丟？" });
    // A reply's words count too: the assistant quoted the document.
    const inReply = await list(share.shareId, owner.cookie, `?q=${encodeURIComponent("紙類、塑膠")}`);
    expect(inReply.body.conversations.map((c: { visitor: string }) => c.visitor)).toContain("guest");
    expect((await list(share.shareId, owner.cookie, "?q=recycling")).body.conversations.map((c: { visitor: string }) => c.visitor)).toContain("user");
    // % and _ are text, not wildcards.
    expect((await list(share.shareId, owner.cookie, "?q=%25")).body.total).toBe(0);
    expect((await list(share.shareId, owner.cookie, "?q=_")).body.total).toBe(0);
    expect((await list(share.shareId, owner.cookie, `?q=${encodeURIComponent("沒有人問過")}`)).body).toMatchObject({ total: 0, conversations: [] });
  });

  it("pages on the server, latest activity first", async () => {
    const paged = await createShare({ ownerId: owner.user.id, name: "分頁", rolePrompt: "", includeDocuments: false });
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 23; i++) {
      const guest = await claimGuestSession({ sharedAssistantId: paged.id, sessionId: `session_${i}_paging`, browserKeyHash: "x", ip: null });
      const at = new Date(base + i * 1000);
      const place = { sharedAssistantId: paged.id, guestUserId: guest.id, sessionId: guest.sessionId };
      await insertExchange({ ...place, role: "user", content: `第 ${i} 位訪客的問題`, createdAt: at }, { ...place, role: "assistant", content: "回覆", createdAt: new Date(at.getTime() + 1) });
    }
    const first = await list(paged.shareId, owner.cookie);
    const second = await list(paged.shareId, owner.cookie, "?page=1");
    expect(first.body.total).toBe(23);
    expect(first.body.conversations).toHaveLength(20);
    expect(second.body.conversations).toHaveLength(3);
    expect(first.body.conversations[0].preview).toBe("第 22 位訪客的問題");
    expect(second.body.conversations.at(-1).preview).toBe("第 0 位訪客的問題");
    const ids = [...first.body.conversations, ...second.body.conversations].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(23);
  });

  it("keeps nothing for a public-mode share", async () => {
    const open = await createShare({ ownerId: owner.user.id, name: "公開", rolePrompt: "", includeDocuments: true });
    await updateOwnerShare(owner.user.id, open.shareId, { isPublicMode: true });
    expect((await ask(open.shareId, "資源回收是哪幾天？")).status).toBe(200);
    const res = await list(open.shareId, owner.cookie);
    expect(res.body).toMatchObject({ total: 0, conversations: [], publicMode: true });
  });
});

describe("GET /api/shared-assistants/{shareId}/conversations/{conversationId}", () => {
  it("shows one conversation's messages in order", async () => {
    const { conversations: all } = (await list(share.shareId, owner.cookie)).body;
    const guest = all.find((c: { visitor: string }) => c.visitor === "guest");
    const res = await read(share.shareId, guest.id, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body.conversation).toMatchObject({ id: guest.id, messageCount: 4 });
    expect(res.body.truncated).toBe(false);
    expect(res.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(res.body.messages[0].content).toBe("資源回收是哪幾天？");
    expect(res.body.messages[1].content).toContain("每週二與週四");
  });

  it("answers 404 for an id that is not a conversation of this share", async () => {
    const other = await createShare({ ownerId: owner.user.id, name: "另一個", rolePrompt: "", includeDocuments: false });
    const { conversations: all } = (await list(share.shareId, owner.cookie)).body;
    // The owner's own other share does not hold it.
    expect((await read(other.shareId, all[0].id, owner.cookie)).status).toBe(404);
    expect((await read(share.shareId, "g-00000000-0000-0000-0000-000000000000", owner.cookie)).status).toBe(404);
    expect((await read(share.shareId, "nonsense", owner.cookie)).status).toBe(404);
  });
});

describe("GET /api/shared-assistants/{shareId}/conversations/export", () => {
  it("streams CSV that opens in a spreadsheet with its Chinese intact and runs no formula", async () => {
    const formula = await createShare({ ownerId: owner.user.id, name: "試算表", rolePrompt: "", includeDocuments: false });
    await guestAsks(formula.shareId, ['=HYPERLINK("http://evil.example","點我")', '含有 "引號" 與\n換行']);
    const { res, text } = await downloadText(formula.shareId, owner.cookie, "?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="___-conversations-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''%E8%A9%A6%E7%AE%97%E8%A1%A8-conversations-/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["conversation_id", "visitor", "visitor_name", "message_id", "created_at", "role", "content", "image_file_name", "is_error"]);
    expect(rows).toHaveLength(5);
    expect(rows[1][6]).toBe(`'=HYPERLINK("http://evil.example","點我")`);
    expect(rows[3][6]).toBe('含有 "引號" 與\n換行');
    expect(rows.slice(1).map((r) => r[5])).toEqual(["user", "assistant", "user", "assistant"]);
    expect(rows[1][1]).toBe("guest");
  });

  it("streams JSON Lines, one message a line, and exports only the conversations a search finds", async () => {
    const res = await download(share.shareId, owner.cookie, "?format=jsonl");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    const lines = (res.body as string).trimEnd().split("\n").map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual(expect.objectContaining({ conversationId: expect.stringMatching(/^[gu]-/), role: expect.any(String), content: expect.any(String), createdAt: expect.any(String) }));
    const user = lines.filter((l) => l.visitor === "user");
    expect(user.map((l) => l.visitorName)).toEqual([visitor.user.displayName, visitor.user.displayName]);

    const found = await download(share.shareId, owner.cookie, `?format=jsonl&q=${encodeURIComponent("巨大垃圾")}`);
    const foundLines = (found.body as string).trimEnd().split("\n").map((line) => JSON.parse(line));
    // The whole matching conversation, not just the matching message.
    expect(foundLines).toHaveLength(4);
    expect(new Set(foundLines.map((l) => l.visitor))).toEqual(new Set(["guest"]));
  });

  it("pages through many messages without losing or repeating one", async () => {
    const big = await createShare({ ownerId: owner.user.id, name: "大量", rolePrompt: "", includeDocuments: false });
    const guests = await Promise.all([0, 1, 2].map((i) => claimGuestSession({ sharedAssistantId: big.id, sessionId: `session_${i}_bulk`, browserKeyHash: "x", ip: null })));
    // Every exchange of a guest in the same millisecond: the order must still be total.
    const at = new Date();
    const exchanges = Math.ceil((SHARE_CONVERSATIONS_EXPORT_BATCH * 1.3) / 6);
    for (const guest of guests) {
      const place = { sharedAssistantId: big.id, guestUserId: guest.id, sessionId: guest.sessionId };
      for (let i = 0; i < exchanges; i++) await insertExchange({ ...place, role: "user", content: `q${i}`, createdAt: at }, { ...place, role: "assistant", content: `a${i}`, createdAt: at });
    }
    const { text } = await downloadText(big.shareId, owner.cookie, "?format=csv");
    const rows = parseCsv(text.slice(1)).slice(1);
    expect(rows).toHaveLength(exchanges * 2 * 3);
    expect(new Set(rows.map((r) => r[3])).size).toBe(rows.length);
    // Conversation by conversation.
    const order = rows.map((r) => r[0]);
    expect(order).toEqual([...order].sort());
  });
});

describe("another owner", () => {
  it("gets 404 for every view of the share: list, read, search and export", async () => {
    const { conversations: all } = (await list(share.shareId, owner.cookie)).body;
    expect((await list(share.shareId, otherOwner.cookie)).status).toBe(404);
    expect((await list(share.shareId, otherOwner.cookie, "?q=%E5%9E%83%E5%9C%BE")).status).toBe(404);
    expect((await read(share.shareId, all[0].id, otherOwner.cookie)).status).toBe(404);
    expect((await download(share.shareId, otherOwner.cookie, "?format=csv")).status).toBe(404);
    expect((await download(share.shareId, otherOwner.cookie, "?format=jsonl&q=a")).status).toBe(404);
    // Nor through a share of their own.
    const theirs = await createShare({ ownerId: otherOwner.user.id, name: "別人的", rolePrompt: "", includeDocuments: false });
    expect((await read(theirs.shareId, all[0].id, otherOwner.cookie)).status).toBe(404);
    expect((await list(theirs.shareId, otherOwner.cookie)).body.total).toBe(0);
  });

  it("is refused outright without a workspace or a session", async () => {
    expect((await list(share.shareId, visitor.cookie)).status).toBe(403);
    expect((await download(share.shareId, visitor.cookie, "?format=csv")).status).toBe(403);
    expect((await list(share.shareId, undefined)).status).toBe(401);
    expect((await download(share.shareId, undefined, "?format=csv")).status).toBe(401);
  });

  it("sees nothing once the owner revokes the link, and neither does the owner", async () => {
    const gone = await createShare({ ownerId: owner.user.id, name: "撤銷", rolePrompt: "", includeDocuments: false });
    await guestAsks(gone.shareId, ["你好"]);
    expect((await list(gone.shareId, owner.cookie)).body.total).toBe(1);
    await revokeOwnerShare(owner.user.id, gone.shareId);
    expect((await list(gone.shareId, owner.cookie)).status).toBe(404);
    expect((await download(gone.shareId, owner.cookie, "?format=csv")).status).toBe(404);
  });
});
