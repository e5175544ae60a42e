import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as assistantRoute from "@/app/api/assistants/[id]/route";
import * as collectionsRoute from "@/app/api/collections/route";
import * as collectionDocumentsRoute from "@/app/api/collections/[id]/documents/route";
import * as one from "@/app/api/documents/[id]/route";
import * as refreshRoute from "@/app/api/documents/[id]/refresh/route";
import * as usage from "@/app/api/documents/usage/route";
import * as webPage from "@/app/api/documents/web-page/route";
import * as messagesRoute from "@/app/api/messages/route";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { documents } from "@/lib/server/db/schema";
import type { SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { objectStore } from "@/lib/server/storage/file-store";
import { addWebPage, refreshWebPage } from "@/lib/server/use-cases/add-web-page";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { FIXTURE_DIR } from "@/scripts/make-fixtures";
import { startFakeSite, type FakePages } from "../support/fake-site";
import { call, seedUser } from "../support/http";

// A loopback web server stands in for the sites people add. The outbound rules refuse loopback,
// so, as for link previews (link-preview.test.ts), the use-case tests resolve their own *.test
// names to it and allow only its address and port; the route tests name it in
// OUTBOUND_ALLOWED_HOSTS, the operator's setting, which the running server reads.

let site: Awaited<ReturnType<typeof startFakeSite>>;
let port = 0;
let notice = "第一版公告：圖書館週一休館。";

const html = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav><a href="/">首頁</a> <a href="/news">最新消息</a> <a href="/about">關於我們</a></nav>
<main><article><h1>${title}</h1>${body}</article></main><footer>© 2026 市政府 版權所有</footer></body></html>`;

const ARTICLE = html(
  "市立游泳池開放時間",
  `<p>市立游泳池自七月起延長開放時間，平日早上六點開館，晚上十點閉館，假日則延長至晚上十一點。</p>
   <p>游泳池的救生員暗號是「藍鯨四十二」，只有在這個網頁上才會出現，方便測試引用來源。</p>
   <p>入場費用為全票一百元、優待票五十元，持市民卡可再享九折優惠。</p>`,
);
// "台北市公車路線" in Big5, as older Taiwanese sites still serve.
const BIG5_TITLE = Buffer.from("a578a55fa5aba4bda8aeb8f4bd75", "hex");

const pages: FakePages = {
  "/article": (res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE),
  "/big5": (res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(
      Buffer.concat([
        Buffer.from('<html><head><meta charset="big5"><title>'),
        BIG5_TITLE,
        Buffer.from("</title></head><body><article><p>"),
        BIG5_TITLE,
        Buffer.from(" schedule: buses run every ten minutes on weekdays and every twenty minutes on weekends.</p></article></body></html>"),
      ]),
    ),
  "/notice": (res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html("圖書館公告", `<p>${notice}</p><p>借書證遺失請至服務台補辦，補辦費用為五十元。</p>`)),
  "/report.pdf": (res) => res.writeHead(200, { "content-type": "application/pdf" }).end(readFileSync(path.join(FIXTURE_DIR, "en-2-pages.pdf"))),
  "/notes.txt": (res) => res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("會議紀錄：下次會議訂於三月五日舉行。"),
  "/image.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(readFileSync(path.join(FIXTURE_DIR, "image.png"))),
  "/data.json": (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"a": 1}'),
  "/members": (res) => res.writeHead(401, { "www-authenticate": "Basic" }).end("sign in"),
  "/staff": (res) => res.writeHead(403).end("forbidden"),
  "/gone": (res) => res.writeHead(404).end("missing"),
  "/broken": (res) => res.writeHead(500).end("oops"),
  "/account": (res) => res.writeHead(302, { location: "/users/sign_in?return_to=%2Faccount" }).end(),
  "/users/sign_in": (res) => res.writeHead(200, { "content-type": "text/html" }).end(html("Sign in", "<p>Welcome back.</p>")),
  "/wall": (res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<html><head><title>會員專區</title></head><body><h1>請先登入</h1><form><input name="email"><input type="password" name="pw"><button>登入</button></form></body></html>`),
  "/app-shell": (res) => res.writeHead(200, { "content-type": "text/html" }).end(`<html><head><title>App</title><script src="/app.js"></script></head><body><div id="root"></div><noscript>Enable JavaScript</noscript></body></html>`),
  "/huge": (res) => res.writeHead(200, { "content-type": "text/html" }).end(`<html><body><p>${"很長的網頁內容。".repeat(300_000)}</p></body></html>`),
  "/to-metadata": (res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "/slow": () => undefined,
};

const test = (): Partial<SafeFetchOptions> => site.fetchOptions();
const at = (page: string) => `http://site.test:${port}${page}`;

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return ((error as { details?: { reason?: string } }).details?.reason ?? String(error)) as string;
  }
  return "added";
}

async function rowsOf(userId: string) {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.userId, userId));
}

async function storedKeys(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of objectStore().list()) if (object.key.startsWith(`${userId}/`)) keys.push(object.key);
  return keys.sort();
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
  site = await startFakeSite(pages);
  port = site.port;
});
afterAll(() => site.close());
beforeEach(() => site.reset());
afterEach(() => {
  env.OUTBOUND_ALLOWED_HOSTS = [];
});

describe("addWebPage", () => {
  it("stores the fetched HTML as the original with its address and fetch time, named by the page's title, and processes it like an upload", async () => {
    const { user } = await seedUser({ role: "admin" });
    const before = Date.now();
    const doc = await addWebPage({ user, address: `${at("/article")}#opening-hours`, fetchOptions: test() });
    expect(doc).toMatchObject({ originalName: "市立游泳池開放時間", kind: "html", mimeType: "text/html", status: "processing", sourceUrl: at("/article") });
    expect(doc.fetchedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const stored = (await import("@/lib/server/storage/object-store")).readAll(await objectStore().stream(doc.storageKey));
    expect((await stored).toString("utf8")).toBe(ARTICLE);

    await drainJobs();
    const [row] = await rowsOf(user.id);
    expect(row.status).toBe("processed");
    const passages = await retrievePassages({ ownerId: user.id, question: "游泳池救生員的暗號是什麼？" });
    expect(passages[0]).toMatchObject({ documentId: doc.id, documentName: "市立游泳池開放時間", sourceUrl: at("/article") });
    expect(passages[0].content).toContain("藍鯨四十二");
    // The page's furniture is not a passage.
    const all = passages.map((p) => p.content).join("\n");
    expect(all).not.toContain("最新消息");
  });

  it("reads a page in Big5 as the text it is", async () => {
    const { user } = await seedUser({ role: "admin" });
    const doc = await addWebPage({ user, address: at("/big5"), fetchOptions: test() });
    expect(doc.originalName).toBe("台北市公車路線");
    await drainJobs();
    const [passage] = await retrievePassages({ ownerId: user.id, question: "buses weekends" });
    expect(passage.content).toContain("台北市公車路線 schedule");
  });

  it("adds a PDF or a text file served at an address as that file", async () => {
    const { user } = await seedUser({ role: "admin" });
    const pdf = await addWebPage({ user, address: at("/report.pdf"), fetchOptions: test() });
    expect(pdf).toMatchObject({ kind: "pdf", originalName: "report.pdf", sourceUrl: at("/report.pdf") });
    const text = await addWebPage({ user, address: at("/notes.txt"), fetchOptions: test() });
    expect(text).toMatchObject({ kind: "txt", originalName: "notes.txt" });
    await drainJobs();
    expect((await rowsOf(user.id)).map((r) => r.status)).toEqual(["processed", "processed"]);
  });

  it("refuses, with a reason and nothing stored or counted: sign-in pages, missing pages, errors, other types, huge pages, silent sites and pages with no text", async () => {
    const { user, cookie } = await seedUser();
    const cases: [string, string][] = [
      ["/members", "login_required"],
      ["/staff", "login_required"],
      ["/account", "login_required"],
      ["/wall", "login_required"],
      ["/gone", "not_found"],
      ["/broken", "http_error"],
      ["/image.png", "unsupported_type"],
      ["/data.json", "unsupported_type"],
      ["/huge", "too_large"],
      ["/app-shell", "no_text"],
      ["/to-metadata", "private_address"],
    ];
    for (const [page, expected] of cases) expect(await reason(addWebPage({ user, address: at(page), fetchOptions: test() })), page).toBe(expected);
    const started = Date.now();
    expect(await reason(addWebPage({ user, address: at("/slow"), fetchOptions: { ...test(), timeoutMs: 300 } }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await storedKeys(user.id)).toEqual([]);
    expect((await call(usage.GET, { cookie })).body.uploads).toBe(0);
  });

  it("refuses private and loopback addresses, other schemes and ports before connecting", async () => {
    const { user } = await seedUser({ role: "admin" });
    for (const address of [`http://127.0.0.1:${port}/article`, `http://localhost:${port}/article`, "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://[::1]/", "http://0x7f.1/"]) {
      expect(await reason(addWebPage({ user, address, fetchOptions: { ports: [port] } })), address).toBe("private_address");
    }
    expect(await reason(addWebPage({ user, address: "ftp://example.com/file" }))).toBe("scheme");
    expect(await reason(addWebPage({ user, address: "http://exa mple.com/" }))).toBe("invalid_url");
    expect(await reason(addWebPage({ user, address: "http://example.com:8080/" }))).toBe("private_address");
    expect(site.connections).toBe(0);
  });

  it("refuses an address already in the library", async () => {
    const { user } = await seedUser({ role: "admin" });
    await addWebPage({ user, address: at("/article"), fetchOptions: test() });
    expect(await reason(addWebPage({ user, address: `${at("/article")}#again`, fetchOptions: test() }))).toBe("already_added");
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});

describe("POST /api/documents/web-page", () => {
  it("adds a page from a host the operator allowed, in status processing, counted as an upload", async () => {
    env.OUTBOUND_ALLOWED_HOSTS = [`127.0.0.1:${port}`];
    const { cookie } = await seedUser();
    const res = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/article` } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ originalName: "市立游泳池開放時間", kind: "html", status: "processing", sourceUrl: `http://127.0.0.1:${port}/article` });
    expect(typeof res.body.fetchedAt).toBe("string");
    expect((await call(usage.GET, { cookie })).body.uploads).toBe(1);
    await drainJobs();
    expect((await call(one.GET, { cookie, params: { id: res.body.id } })).body.status).toBe("processed");
  });

  it("refuses loopback without the operator's setting, in the caller's language, with no connection made", async () => {
    const { cookie } = await seedUser();
    const zh = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/article` } });
    expect(zh.status).toBe(400);
    expect(zh.body.error.message).toBe("無法擷取內部網路或本機的網址，只能新增公開的網頁");
    const en = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie: `${cookie}; NEXT_LOCALE=en`, body: { url: `http://127.0.0.1:${port}/article` } });
    expect(en.body.error.message).toBe("Addresses on a private network or on this server cannot be fetched; only public pages can be added");
    expect(site.connections).toBe(0);
  });

  it("allows exactly the host and port the operator named: a redirect from there elsewhere, and its other ports, are refused", async () => {
    env.OUTBOUND_ALLOWED_HOSTS = [`127.0.0.1:${port}`];
    const { cookie, user } = await seedUser();
    const redirected = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/to-metadata` } });
    expect(redirected.status).toBe(400);
    expect(redirected.body.error.details.reason).toBe("private_address");
    expect(site.requests).toEqual(["/to-metadata"]);
    const otherPort = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port === 65535 ? 1 : port + 1}/article` } });
    expect(otherPort.body.error.details.reason).toBe("private_address");
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("says why a page cannot be added: a sign-in wall, a type it does not read", async () => {
    env.OUTBOUND_ALLOWED_HOSTS = [`127.0.0.1:${port}`];
    const { cookie, user } = await seedUser();
    const wall = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/wall` } });
    expect(wall.status).toBe(422);
    expect(wall.body.error.message).toBe("這個網頁需要登入才能檢視，無法擷取；請改為下載後上傳檔案");
    const image = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/image.png` } });
    expect(image.status).toBe(415);
    expect(image.body.error.message).toBe("這個網址的內容不是網頁，也不是 PDF、Word、純文字或 Markdown 檔案（image/png）");
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await call(usage.GET, { cookie })).body.uploads).toBe(0);
  });

  it("counts against the free plan's monthly uploads and refuses past them before fetching", async () => {
    env.OUTBOUND_ALLOWED_HOSTS = [`127.0.0.1:${port}`];
    const { cookie } = await seedUser();
    for (const page of ["/article", "/notice", "/big5", "/notes.txt", "/report.pdf"]) {
      expect((await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}${page}` } })).status, page).toBe(201);
    }
    site.requests = [];
    const over = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/gone` } });
    expect(over.status).toBe(403);
    expect(over.body.error.details.reason).toBe("monthly_upload_limit");
    expect(site.requests).toEqual([]);
    await drainJobs();
  });
});

describe("POST /api/documents/{id}/refresh", () => {
  it("fetches the page again into the same document: its id, assistants and collections stay, the answer follows the new text, and the old copy goes", async () => {
    env.OUTBOUND_ALLOWED_HOSTS = [`127.0.0.1:${port}`];
    notice = "第一版公告：圖書館週一休館。";
    const { cookie, user } = await seedUser({ role: "admin" });
    const added = await call(webPage.POST, { method: "POST", path: "/api/documents/web-page", cookie, body: { url: `http://127.0.0.1:${port}/notice` } });
    const id = added.body.id as string;
    await drainJobs();
    const assistant = (await call(assistantsRoute.POST, { method: "POST", cookie, body: { name: "圖書館助理", knowledge: { all: false, documentIds: [id] } } })).body;
    const collection = (await call(collectionsRoute.POST, { method: "POST", cookie, body: { name: "公告" } })).body;
    await call(collectionDocumentsRoute.POST, { method: "POST", cookie, params: { id: collection.id }, body: { add: [id] } });
    // The index is loaded now, so the refresh must replace passages it already holds.
    expect((await retrievePassages({ ownerId: user.id, question: "圖書館哪一天休館？" }))[0].content).toContain("週一休館");
    const [before] = await rowsOf(user.id);

    const same = await call(refreshRoute.POST, { method: "POST", cookie, params: { id } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ unchanged: true, document: { id, status: "processed" } });

    notice = "第二版公告：圖書館改為週三休館。";
    const changed = await call(refreshRoute.POST, { method: "POST", cookie, params: { id } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ unchanged: false, document: { id, status: "processing", sourceUrl: `http://127.0.0.1:${port}/notice` } });
    expect(new Date(changed.body.document.fetchedAt).getTime()).toBeGreaterThan(before.fetchedAt!.getTime());
    await drainJobs();

    const [after] = await rowsOf(user.id);
    expect(after).toMatchObject({ id, status: "processed", createdAt: before.createdAt });
    expect(after.storageKey).not.toBe(before.storageKey);
    expect(await storedKeys(user.id)).toEqual([after.storageKey]);
    const passages = await retrievePassages({ ownerId: user.id, question: "圖書館哪一天休館？" });
    expect(passages[0].content).toContain("週三休館");
    expect(passages.map((p) => p.content).join("")).not.toContain("週一休館");
    expect((await call(assistantRoute.GET, { cookie, params: { id: assistant.id } })).body.knowledge.documentIds).toEqual([id]);
    const inCollection = await call(collectionDocumentsRoute.POST, { method: "POST", cookie, params: { id: collection.id }, body: { add: [id] } });
    expect(inCollection.body.documentIds).toEqual([id]);
    // Not a new upload.
    expect((await call(usage.GET, { cookie })).body.uploads).toBe(1);

    // The chat cites the page by its title, with a link back to it.
    const reply = await call(messagesRoute.POST, { method: "POST", cookie, body: { content: "圖書館哪一天休館？", assistantId: assistant.id } });
    expect(reply.status).toBe(200);
    expect(reply.body.aiMessage.sources[0]).toMatchObject({ documentId: id, documentName: "圖書館公告", sourceUrl: `http://127.0.0.1:${port}/notice` });
  });

  it("leaves the document as it was when the page can no longer be fetched, and says why", async () => {
    const { user } = await seedUser({ role: "admin" });
    const doc = await addWebPage({ user, address: at("/notice"), fetchOptions: test() });
    await drainJobs();
    const [before] = await rowsOf(user.id);
    const gone = await reason(refreshWebPage({ user, documentId: doc.id, fetchOptions: { ...test(), resolve: async () => [{ address: "10.0.0.7", family: 4 }] } }));
    expect(gone).toBe("private_address");
    expect(await rowsOf(user.id)).toEqual([before]);
    expect(await storedKeys(user.id)).toEqual([before.storageKey]);
  });

  it("answers 404 for another owner's document and 400 for an uploaded file", async () => {
    const owner = await seedUser({ role: "admin" });
    const doc = await addWebPage({ user: owner.user, address: at("/article"), fetchOptions: test() });
    const other = await seedUser({ role: "admin" });
    const foreign = await call(refreshRoute.POST, { method: "POST", cookie: other.cookie, params: { id: doc.id } });
    expect(foreign.status).toBe(404);
    const { uploadDocument } = await import("@/lib/server/use-cases/upload-document");
    const { document: file } = await uploadDocument({ user: owner.user, name: "a.txt", bytes: new TextEncoder().encode("純文字檔案") });
    await drainJobs();
    const notPage = await call(refreshRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: file.id } });
    expect(notPage.status).toBe(400);
    expect(notPage.body.error.message).toBe("這份文件不是從網址新增的，無法重新擷取");
  });
});
