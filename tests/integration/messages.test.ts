import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import * as analyzeImage from "@/app/api/analyze-image/route";
import * as assistant from "@/app/api/assistant/route";
import * as messages from "@/app/api/messages/route";
import { LOCALE_COOKIE, MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { env } from "@/lib/env";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, documentChunks } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setSetting } from "@/lib/server/queries/app-settings";
import { hasConversation, ownConversation } from "@/lib/server/queries/messages";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { withImageAnalysis } from "@/lib/chat/compose-message";
import { call, multipart, seedUser } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

const TAIPEI_TEXT = [
  "臺北市垃圾清運公告",
  "垃圾車每週一、三、五晚上七點收運一般垃圾。",
  "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。",
  "廚餘請以有蓋容器盛裝，於垃圾車到達時交給隨車人員。",
].join("\n\n");

// A 1x1 PNG as a data URL.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function ownerWithDocument(text: string | Uint8Array = TAIPEI_TEXT, name = "垃圾清運.txt") {
  const seeded = await seedUser({ role: "admin" });
  await uploadDocument({ user: seeded.user, name, bytes: typeof text === "string" ? new TextEncoder().encode(text) : text });
  await drainJobs();
  return seeded;
}

/** A 48x48 PNG of one colour. */
async function plainPng(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 48, channels: 3, background: colour } }).png().toBuffer();
}

/** The message the chat sends with an image: the words, then the analysis POST /api/analyze-image made of it. */
async function withAnalysedImage(cookie: string, image: Buffer, words: string) {
  const { rawBody, headers } = await multipart({ image: new File([new Uint8Array(image)], "photo.png", { type: "image/png" }) });
  const analysed = await call(analyzeImage.POST, { method: "POST", path: "/api/analyze-image", cookie, rawBody, headers });
  expect(analysed.status).toBe(200);
  return { content: withImageAnalysis(words, analysed.body.analysis), imageData: `data:image/png;base64,${image.toString("base64")}`, imageFileName: "photo.png" };
}

// Three short pages that chunk into one passage over pages 1–3, chapter headings set on the line
// above their text (scripts/make-fixtures.ts).
const HANDBOOK_PDF = readFileSync(path.join(import.meta.dirname, "../fixtures/documents/zh-handbook.pdf"));
const SPEC_PDF = readFileSync(path.join(import.meta.dirname, "../fixtures/documents/en-spec.pdf"));

function send(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return call(messages.POST, { method: "POST", path: "/api/messages", cookie, body, headers });
}

/** The events of a Server-Sent Events body, in order. */
function events(text: string): { event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : undefined };
    });
}

async function lastUsage() {
  const db = await getDb();
  const [row] = await db.select().from(apiUsage).orderBy(desc(apiUsage.id)).limit(1);
  return row;
}

beforeAll(() => registerJobs());

describe("GET /api/assistant", () => {
  it("gives a default name and role prompt in the caller's language until the owner sets them", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const zh = await call(assistant.GET, { cookie });
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({ name: "文件助理", rolePrompt: expect.stringContaining("文件") });
    const en = await call(assistant.GET, { cookie: `${cookie}; ${LOCALE_COOKIE}=en` });
    expect(en.body.name).toBe("Document Assistant");
  });
});

describe("POST /api/assistant", () => {
  it("saves the name and role prompt, trimmed, and GET returns them", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await call(assistant.POST, { method: "POST", cookie, body: { name: "  稅務小幫手 ", rolePrompt: "你是稅務顧問。" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: "稅務小幫手", rolePrompt: "你是稅務顧問。" });
    expect((await call(assistant.GET, { cookie })).body.name).toBe("稅務小幫手");
  });

  it("refuses an empty or 51-character name, a 4,001-character role prompt and unknown fields, changing nothing", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    await call(assistant.POST, { method: "POST", cookie, body: { name: "原本", rolePrompt: "原本的設定" } });
    for (const body of [
      { name: "", rolePrompt: "x" },
      { name: "名".repeat(51), rolePrompt: "x" },
      { name: "ok", rolePrompt: "x".repeat(4_001) },
      { name: "ok", rolePrompt: "x", role: "admin" },
      { name: 5, rolePrompt: "x" },
    ]) {
      const res = await call(assistant.POST, { method: "POST", cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.error.code).toBe("validation");
    }
    expect((await call(assistant.GET, { cookie })).body).toEqual({ name: "原本", rolePrompt: "原本的設定" });
    const ok = await call(assistant.POST, { method: "POST", cookie, body: { name: "名".repeat(50), rolePrompt: "x".repeat(4_000) } });
    expect(ok.status).toBe(200);
  });
});

describe("POST /api/messages (built-in offline model)", () => {
  it("answers from the owner's documents, quoting the passage and citing document and page", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, { content: "資源回收是哪幾天？" });
    expect(res.status).toBe(200);
    expect(res.body.userMessage).toMatchObject({ role: "user", content: "資源回收是哪幾天？", isError: false });
    expect(res.body.aiMessage).toMatchObject({ role: "assistant", isError: false });
    expect(res.body.aiMessage.content).toContain("資源回收在每週二與週四收運");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ n: 1, documentName: "垃圾清運.txt", quote: expect.stringContaining("資源回收") });
    expect(res.body.error).toBeUndefined();
    const usage = await lastUsage();
    expect(usage).toMatchObject({ provider: "offline", route: "/api/messages", outcome: "ok" });
    expect(usage.outputTokens).toBeGreaterThan(0);
  });

  it("says plainly when the documents hold no answer, naming what they do cover", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, { content: "火星的大氣成分是什麼？" });
    expect(res.body.aiMessage.content).toContain("找不到");
    expect(res.body.aiMessage.content).toContain("垃圾清運.txt");
    expect(res.body.aiMessage.sources).toEqual([]);
  });

  it("answers in English for an English speaker, and introduces itself by the owner's name and role", async () => {
    const { cookie } = await ownerWithDocument("The library opens at nine.\n\nReturns are due within 14 days.", "library.txt");
    await call(assistant.POST, { method: "POST", cookie, body: { name: "Libby", rolePrompt: "A cheerful librarian." } });
    const en = `${cookie}; ${LOCALE_COOKIE}=en`;
    const hello = await send(en, { content: "Hello" });
    expect(hello.body.aiMessage.content).toContain("Libby");
    expect(hello.body.aiMessage.content).toContain("A cheerful librarian.");
    const answer = await send(en, { content: "When are returns due?" });
    expect(answer.body.aiMessage.content).toContain("Returns are due within 14 days.");
    expect(answer.body.aiMessage.content).toContain("*library.txt*");
  });

  it("frames the reply in the question's language when it plainly is the other one, and in the reader's otherwise", async () => {
    const { cookie } = await ownerWithDocument("The library opens at nine.\n\nReturns are due within 14 days.\n\n圖書館週一休館。", "library.txt");
    // A Chinese reader asking in English.
    const english = (await send(cookie, { content: "When are returns due?" })).body.aiMessage.content as string;
    expect(english).toContain("Returns are due within 14 days.");
    expect(english).toContain("*library.txt*");
    expect(english).toContain("(Offline mode: the reply quotes the documents directly.)");
    expect(english).not.toMatch(/根據文件|離線模式|《/);
    // An English reader asking in Chinese.
    const chinese = (await send(`${cookie}; ${LOCALE_COOKIE}=en`, { content: "圖書館哪一天休館？" })).body.aiMessage.content as string;
    expect(chinese).toContain("圖書館週一休館。");
    expect(chinese).toContain("《library.txt》");
    expect(chinese).toContain("（離線模式：回覆直接摘錄自文件內容）");
    // A term alone is no language of its own: the reader's decides.
    const term = (await send(cookie, { content: "library" })).body.aiMessage.content as string;
    expect(term).toContain("（離線模式：回覆直接摘錄自文件內容）");
  });

  it("quotes a whole sentence of a text file wrapped at a fixed width, not the piece on one line", async () => {
    const wrapped = [
      "# Running with PostgreSQL",
      "",
      "Point `DATABASE_URL` at an empty database; migrations (committed SQL in",
      "`lib/server/db/migrations`) apply at start, under an advisory lock, so several instances can",
      "start at the same time without racing each other.",
      "",
      "Backups are the operator's job: take one before every upgrade and keep it until the upgrade",
      "has been running for a week.",
    ].join("\n");
    const { cookie } = await ownerWithDocument(wrapped, "deploy.md");
    const reply = (await send(`${cookie}; ${LOCALE_COOKIE}=en`, { content: "When do the migrations apply?" })).body.aiMessage.content as string;
    expect(reply).toContain(
      "> Point `DATABASE_URL` at an empty database; migrations (committed SQL in `lib/server/db/migrations`) apply at start, under an advisory lock, so several instances can start at the same time without racing each other. [1]",
    );
  });

  it("cites, and stores for the source chip, the page of the quoted sentence of a passage over pages 1–3", async () => {
    const { cookie } = await ownerWithDocument(HANDBOOK_PDF, "員工手冊.pdf");
    const res = await send(cookie, { content: "上班時間是幾點到幾點？" });
    const reply = res.body.aiMessage.content as string;
    expect(reply).toMatch(/\n> 上班時間為每日上午九時至下午六時/);
    expect(reply).not.toMatch(/第二章|上班時間上班時間/);
    expect(reply).toContain("— 《員工手冊.pdf》 第 1 頁\n");
    expect(reply).not.toContain("第 1–3 頁");
    expect(res.body.aiMessage.sources).toEqual([expect.objectContaining({ n: 1, documentName: "員工手冊.pdf", page: 1, pageEnd: 1, quote: expect.stringContaining("第四章 福利") })]);
    expect((await call(messages.GET, { cookie })).body[1].sources[0]).toMatchObject({ page: 1, pageEnd: 1 });

    const benefits = await send(cookie, { content: "健康檢查多久一次？" });
    expect(benefits.body.aiMessage.content).toContain("— 《員工手冊.pdf》 第 3 頁\n");
    expect(benefits.body.aiMessage.sources[0]).toMatchObject({ page: 3, pageEnd: 3 });
  });

  it("cites the passage's whole page range when it was stored without page breaks", async () => {
    const { cookie, user } = await ownerWithDocument(HANDBOOK_PDF, "員工手冊.pdf");
    await (await getDb()).update(documentChunks).set({ pageBreaks: null }).where(eq(documentChunks.userId, user.id));
    const res = await send(cookie, { content: "上班時間是幾點到幾點？" });
    expect(res.body.aiMessage.content).toContain("— 《員工手冊.pdf》 第 1–3 頁\n");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ page: 1, pageEnd: 3 });
  });

  it("answers an English question over a PDF with a running title and numbered headings from a sentence, not a heading", async () => {
    const { cookie } = await ownerWithDocument(SPEC_PDF, "type-spec.pdf");
    const res = await send(`${cookie}; ${LOCALE_COOKIE}=en`, { content: "What is the purpose of the shared type database?" });
    const quotes = (res.body.aiMessage.content as string).split("\n").filter((line) => line.startsWith("> "));
    expect(quotes[0]).toMatch(/^> The shared type database lets every desktop agree on the type of a file/);
    for (const quote of quotes) expect(quote).not.toMatch(/^> (?:Shared Type Database|\d+(?:\.\d+)*\. )/);
  });

  it("keeps the conversation: GET lists question and reply in order; DELETE clears only the caller's", async () => {
    const a = await ownerWithDocument();
    const b = await ownerWithDocument();
    await send(a.cookie, { content: "垃圾車什麼時候來？" });
    await send(a.cookie, { content: "廚餘怎麼處理？" });
    await send(b.cookie, { content: "B 的問題" });
    const listed = await call(messages.GET, { cookie: a.cookie });
    expect(listed.body.map((m: { role: string; content: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(listed.body[2].content).toBe("廚餘怎麼處理？");
    expect(listed.body.some((m: { content: string }) => m.content === "B 的問題")).toBe(false);

    // What the chat page asks before it fetches the messages' code: a conversation, or none.
    expect(await hasConversation(ownConversation(await defaultAssistant(a.user.id)))).toBe(true);

    const cleared = await call(messages.DELETE, { method: "DELETE", cookie: a.cookie });
    expect(cleared.body).toEqual({ ok: true, deleted: 4 });
    expect((await call(messages.GET, { cookie: a.cookie })).body).toEqual([]);
    expect((await call(messages.GET, { cookie: b.cookie })).body).toHaveLength(2);
    expect(await hasConversation(ownConversation(await defaultAssistant(a.user.id)))).toBe(false);
    expect(await hasConversation(ownConversation(await defaultAssistant(b.user.id)))).toBe(true);
  });

  it("stores an attached image with its name, and accepts an image with no text", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, { content: "", imageData: PNG, imageFileName: "receipt.png" });
    expect(res.status).toBe(200);
    expect(res.body.userMessage.imageFileName).toBe("receipt.png");
    // Stored as re-encoded from its pixels (tests/security/chat-images.test.ts): still the 1x1 PNG.
    const stored = res.body.userMessage.imageData as string;
    expect(stored.startsWith("data:image/png;base64,")).toBe(true);
    expect(await sharp(Buffer.from(stored.split(",")[1], "base64")).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
  });

  it("answers a question about an attached image from the image's analysis, not with 'nothing found'", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, await withAnalysedImage(cookie, await plainPng("#1f4fd8"), "這張圖片是什麼顏色？"));
    expect(res.status).toBe(200);
    const reply = res.body.aiMessage.content;
    expect(reply).toContain("藍色");
    expect(reply).not.toContain("找不到");
    // The question and its analysis are stored as sent, the image with them.
    expect(res.body.userMessage.content).toContain("[圖片分析]");
    expect(res.body.userMessage.imageFileName).toBe("photo.png");

    const en = `${cookie}; ${LOCALE_COOKIE}=en`;
    const english = await send(en, await withAnalysedImage(en, await plainPng("#1f4fd8"), "What colour is this picture?"));
    expect(english.body.aiMessage.content).toContain("blue");
    expect(english.body.aiMessage.content).not.toContain("could not find");
  });

  it("says what the offline analysis cannot see, and answers from the documents too when the question concerns them", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, await withAnalysedImage(cookie, await plainPng("#20a040"), "這張照片裡的東西，資源回收是哪幾天收？"));
    const reply = res.body.aiMessage.content;
    expect(reply).toContain("綠色");
    expect(reply).toContain("離線模式只能描述檔案本身");
    expect(reply).toContain("資源回收在每週二與週四收運");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ n: 1, documentName: "垃圾清運.txt" });

    // An image sent with no words is described; the documents are not searched for its colours.
    const alone = await send(cookie, await withAnalysedImage(cookie, await plainPng("#20a040"), ""));
    expect(alone.body.aiMessage.content).toContain("綠色");
    expect(alone.body.aiMessage.sources).toEqual([]);

    // A question about the documents that merely came with an image is answered from the documents.
    const documents = await send(cookie, await withAnalysedImage(cookie, await plainPng("#20a040"), "廚餘怎麼處理？"));
    expect(documents.body.aiMessage.content).toContain("廚餘請以有蓋容器盛裝");
  });

  it("refuses empty messages, over-long text and anything but a raster image, storing nothing", async () => {
    const { cookie } = await ownerWithDocument();
    const svg = `data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>").toString("base64")}`;
    const htmlAsPng = `data:image/png;base64,${Buffer.from("<html><script>alert(1)</script></html>").toString("base64")}`;
    for (const body of [{ content: "   " }, {}, { content: "x".repeat(MESSAGE_MAX_LENGTH + 1) }, { content: "hi", imageData: svg }, { content: "hi", imageData: htmlAsPng }, { content: "hi", imageData: "not a data url" }]) {
      const res = await send(cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await call(messages.GET, { cookie })).body).toEqual([]);
    // The chat reads which rule refused it (use-chat.ts: 訊息最多 … 個字元 rather than a server failure).
    const tooLong = await send(cookie, { content: "x".repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.body).toMatchObject({ error: { code: "validation", details: [expect.objectContaining({ message: "validation.chatMessageTooLong" })] } });
    const bigImage = `data:image/png;base64,${Buffer.alloc(10 * 1024 * 1024 + 10, 1).toString("base64")}`;
    const big = await send(cookie, { content: "hi", imageData: bigImage });
    expect([400, 413]).toContain(big.status);
    expect((await call(messages.GET, { cookie })).body).toEqual([]);
  });

  it("limits an owner's own messages a minute: 429 with Retry-After in the user's language, nothing stored, no model call", async () => {
    const { cookie, user } = await ownerWithDocument();
    const other = await ownerWithDocument();
    const saved = env.MESSAGE_LIMIT_PER_USER_PER_MINUTE;
    env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = 2;
    try {
      expect((await send(cookie, { content: "垃圾車什麼時候來？" })).status).toBe(200);
      expect((await send(cookie, { content: "廚餘怎麼處理？" })).status).toBe(200);
      const db = await getDb();
      const calls = async () => (await db.select().from(apiUsage).where(eq(apiUsage.userId, user.id))).length;
      const before = await calls();
      const refused = await send(cookie, { content: "資源回收是哪幾天？" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.error.message).toMatch(/^請求過於頻繁，請於 \d+ 秒後再試$/);
      expect(await calls()).toBe(before);
      expect((await call(messages.GET, { cookie })).body).toHaveLength(4);
      // Another owner has a budget of their own.
      expect((await send(other.cookie, { content: "垃圾車什麼時候來？" })).status).toBe(200);
    } finally {
      env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = saved;
    }
  });

  it("creates one exchange for a send retried with the same client id", async () => {
    const { cookie } = await ownerWithDocument();
    const first = await send(cookie, { content: "垃圾車什麼時候來？", clientId: "client-retry-0001" });
    const again = await send(cookie, { content: "垃圾車什麼時候來？", clientId: "client-retry-0001" });
    expect(again.body.aiMessage.id).toBe(first.body.aiMessage.id);
    expect((await call(messages.GET, { cookie })).body).toHaveLength(2);
  });

  it("streams the reply with Accept: text/event-stream, ending with the same payload", async () => {
    const { cookie } = await ownerWithDocument();
    const res = await send(cookie, { content: "廚餘怎麼處理？" }, { accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const stream = events(res.body);
    const deltas = stream.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const done = stream.at(-1)!;
    expect(done.event).toBe("done");
    expect(deltas.map((d) => d.data.text).join("")).toBe(done.data.aiMessage.content);
    expect(done.data.aiMessage.content).toContain("廚餘請以有蓋容器盛裝");
    expect((await call(messages.GET, { cookie })).body[1].id).toBe(done.data.aiMessage.id);
  });
});

describe("POST /api/messages (OpenAI-compatible service)", () => {
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(async () => {
    fake.mode = "ok";
    fake.replyTo = undefined;
    await setSetting(AI_SERVICE_SETTING, {});
  });

  async function useFake(timeoutMs = 5_000) {
    await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "test-model", timeoutMs });
  }

  it("sends the name, role prompt and numbered passages, streams the reply and records usage", async () => {
    const { cookie, user } = await ownerWithDocument();
    await call(assistant.POST, { method: "POST", cookie, body: { name: "清運小幫手", rolePrompt: "你是臺北市環保局的客服。" } });
    await useFake();
    fake.reply = "資源回收在週二與週四 [1]。";
    fake.requests.length = 0;
    const res = await send(cookie, { content: "資源回收是哪幾天？" }, { accept: "text/event-stream" });
    const stream = events(res.body);
    expect(stream.filter((e) => e.event === "delta").length).toBeGreaterThan(1);
    const done = stream.at(-1)!.data;
    expect(done.aiMessage.content).toBe("資源回收在週二與週四 [1]。");
    expect(done.aiMessage.sources.map((s: { n: number }) => s.n)).toEqual([1]);

    const request = fake.requests.at(-1)!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.body.model).toBe("test-model");
    expect(request.body.max_tokens).toBeGreaterThan(0);
    const system = request.body.messages.find((m: { role: string }) => m.role === "system").content;
    expect(system).toContain("清運小幫手");
    expect(system).toContain("你是臺北市環保局的客服。");
    expect(system).toContain('<passage number="1" source="垃圾清運.txt">');
    expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "資源回收是哪幾天？" });
    expect(await lastUsage()).toMatchObject({ provider: "openai-compatible", model: "test-model", userId: user.id, inputTokens: 42, outputTokens: 7, outcome: "ok" });
  });

  it("searches a question the documents do not answer in its own language again in theirs, translated by the service, and answers from what that finds", async () => {
    const { cookie, user } = await ownerWithDocument();
    await useFake();
    const system = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === "system")?.content ?? "";
    fake.replyTo = (body) => (system(body).startsWith("Translate the user's question into Traditional Chinese") ? "資源回收是星期幾收運？" : undefined);
    fake.reply = "Recycling is collected on Tuesdays and Thursdays [1].";
    fake.requests.length = 0;
    const res = await send(cookie, { content: "Which days is recycling collected?" });
    expect(res.body.aiMessage.content).toBe("Recycling is collected on Tuesdays and Thursdays [1].");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ n: 1, documentName: "垃圾清運.txt", quote: expect.stringContaining("資源回收在每週二與週四收運") });
    // Two calls: the translation (the question alone), then the answer from the Chinese passages to the English question.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0].body.messages.at(-1)).toEqual({ role: "user", content: "Which days is recycling collected?" });
    const answer = fake.requests[1].body;
    expect(system(answer)).toContain("資源回收在每週二與週四收運");
    expect(answer.messages.at(-1)).toEqual({ role: "user", content: "Which days is recycling collected?" });
    // Both count as the owner's use of the service.
    const db = await getDb();
    const calls = await db.select().from(apiUsage).where(eq(apiUsage.userId, user.id));
    expect(calls.map((c) => [c.route, c.outcome])).toEqual([
      ["/api/messages", "ok"],
      ["/api/messages", "ok"],
    ]);
  });

  it("makes no translation call for a question its documents answer, and ignores a translation in the wrong language", async () => {
    const { cookie } = await ownerWithDocument();
    await useFake();
    fake.reply = "週二與週四 [1]。";
    fake.requests.length = 0;
    await send(cookie, { content: "資源回收是哪幾天收運？" });
    expect(fake.requests).toHaveLength(1);
    // The service answers the translation request with something that is not Chinese: searched as asked, answered once more.
    fake.replyTo = (body) => (body.messages[0].content.startsWith("Translate") ? "Sorry, I cannot help with that." : undefined);
    fake.reply = "I could not find that in the documents.";
    fake.requests.length = 0;
    const res = await send(cookie, { content: "What colour is the mayor's car?" });
    expect(fake.requests).toHaveLength(2);
    expect(res.body.aiMessage.content).toBe("I could not find that in the documents.");
  });

  it("puts the attached image's description into the prompt and sends the user's own words as their turn", async () => {
    const { cookie } = await ownerWithDocument();
    const message = await withAnalysedImage(cookie, await plainPng("#1f4fd8"), "這張圖片是什麼顏色？");
    await useFake();
    fake.reply = "圖片是藍色的。";
    fake.requests.length = 0;
    const res = await send(cookie, message);
    expect(res.body.aiMessage.content).toBe("圖片是藍色的。");
    const request = fake.requests.at(-1)!;
    const system: string = request.body.messages.find((m: { role: string }) => m.role === "system").content;
    expect(system).toMatch(/<image-description>\n[^]*藍色[^]*\n<\/image-description>/);
    expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "這張圖片是什麼顏色？" });
  });

  for (const [mode, outcome] of [
    ["error500", "error"],
    ["rateLimited", "rate_limited"],
    ["hang", "timeout"],
    ["cutMidStream", "error"],
  ] as const) {
    it(`turns a provider ${mode} into a stored error reply within the time-out, and records it`, async () => {
      const { cookie } = await ownerWithDocument();
      await useFake(1_500);
      fake.mode = mode;
      const started = Date.now();
      const res = await send(cookie, { content: "資源回收是哪幾天？" });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.status).toBe(500);
      expect(res.body.aiMessage).toMatchObject({ role: "assistant", isError: true, content: expect.stringContaining("無法取得 AI 回應") });
      expect(typeof res.body.error.message).toBe("string");
      // The error is sent once, nested; aiMessage and userMessage sit beside it (docs/rules/messages-and-errors.md#error-bodies).
      expect(Object.keys(res.body).sort()).toEqual(["aiMessage", "error", "userMessage"]);
      expect(await lastUsage()).toMatchObject({ provider: "openai-compatible", outcome });
      // The question is kept; the error reply is stored so the conversation shows what happened.
      const listed = (await call(messages.GET, { cookie })).body;
      expect(listed.map((m: { isError: boolean }) => m.isError)).toEqual([false, true]);
      // And the service is still fine for the next question.
      fake.mode = "ok";
      fake.reply = "好的 [1]";
      expect((await send(cookie, { content: "再問一次" })).status).toBe(200);
    });
  }

  it("stores for a hosted model's citation the page of the passage text it quotes, or the whole range when it quotes none", async () => {
    const { cookie } = await ownerWithDocument(HANDBOOK_PDF, "員工手冊.pdf");
    await useFake();
    fake.reply = "手冊寫道：\n\n> 本公司每年為員工安排健康檢查，並提供團體保險與員工旅遊補助。 [1]";
    expect((await send(cookie, { content: "健康檢查多久一次？" })).body.aiMessage.sources[0]).toMatchObject({ n: 1, page: 3, pageEnd: 3 });
    fake.reply = "每年一次 [1]。";
    expect((await send(cookie, { content: "健康檢查多久一次？" })).body.aiMessage.sources[0]).toMatchObject({ n: 1, page: 1, pageEnd: 3 });
  });

  it("streams an error reply in the done event when the provider fails mid-stream", async () => {
    const { cookie } = await ownerWithDocument();
    await useFake(1_500);
    fake.mode = "cutMidStream";
    const res = await send(cookie, { content: "資源回收是哪幾天？" }, { accept: "text/event-stream" });
    const done = events(res.body).at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.aiMessage.isError).toBe(true);
  });
});

describe("usage records", () => {
  it("names the route and user of every call", async () => {
    const { cookie, user } = await ownerWithDocument();
    await send(cookie, { content: "垃圾車什麼時候來？" });
    const db = await getDb();
    const rows = await db.select().from(apiUsage).where(eq(apiUsage.userId, user.id));
    expect(rows.map((r) => r.route)).toEqual(["/api/messages"]);
    expect(rows[0].latencyMs).toBeGreaterThanOrEqual(0);
  });
});
