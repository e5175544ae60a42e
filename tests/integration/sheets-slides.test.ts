import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/documents/route";
import * as upload from "@/app/api/documents/upload/route";
import * as usage from "@/app/api/documents/usage/route";
import * as messages from "@/app/api/messages/route";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";
import { big5, makeEncryptedOffice, makePptx, makeXlsx } from "@/scripts/office-files";
import { call, multipart, seedUser } from "../support/http";

// Spreadsheets and slide decks through the real upload route, job runner and chat: each is read,
// indexed and answered from by the offline model, which quotes a sheet's row under its columns'
// labels and a slide's speaker notes, and cites the sheet or slide to open.

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

// The answer is only in the second sheet.
const WORKBOOK = makeXlsx([
  { name: "說明", rows: [["本活頁簿列出 2024 年各分店的聯絡資料與營業時間。"]] },
  {
    name: "分店",
    rows: [
      ["分店", "地址", "電話", "開幕日"],
      ["信義店", "臺北市信義區松仁路 100 號", "02-2720-1234", { date: "2019-06-01" }],
      ["板橋店", "新北市板橋區文化路一段 50 號", "02-2960-5678", { date: "2021-11-15" }],
      ["青埔店", "桃園市中壢區高鐵北路 88 號", "03-287-4321", { date: "2023-03-20" }],
    ],
  },
]);

// The answer is only in the third slide's speaker notes.
const DECK = makePptx([
  { title: "新人訓練", body: ["歡迎加入團隊"] },
  { title: "工作守則", body: ["準時上班", "保持工作區整潔"] },
  { title: "福利", body: ["各項福利請見員工手冊"], notes: ["員工旅遊補助每年上限一萬二千元，需於十二月前申請。"] },
]);

async function uploadAs(cookie: string, name: string, bytes: Uint8Array, type: string) {
  const { rawBody, headers } = await multipart({ file: new File([Buffer.from(bytes)], name, { type }) });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
}

function ask(cookie: string, content: string) {
  return call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content } });
}

async function listed(cookie: string) {
  return (await call(list.GET, { method: "GET", path: "/api/documents", cookie })).body as { id: string; kind: string; status: string; pageCount: number | null; errorReason: string | null }[];
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

describe("spreadsheets and slide decks", () => {
  it("are uploaded, counted against the plan, read and indexed: a workbook's sheets and a deck's slides are its pages", async () => {
    const { cookie } = await seedUser();
    const book = await uploadAs(cookie, "分店.xlsx", WORKBOOK, XLSX);
    const deck = await uploadAs(cookie, "新人訓練.pptx", DECK, PPTX);
    const csv = await uploadAs(cookie, "價目.csv", big5("品項,價格\r\n拿鐵,120\r\n美式,90\r\n"), "text/csv");
    expect([book.status, deck.status, csv.status]).toEqual([201, 201, 201]);
    expect([book.body.kind, deck.body.kind, csv.body.kind]).toEqual(["xlsx", "pptx", "csv"]);
    expect((await call(usage.GET, { cookie })).body).toMatchObject({ uploads: 3, monthlyLimit: 5 });
    await drainJobs();
    const docs = await listed(cookie);
    expect(docs.map((d) => [d.kind, d.status, d.pageCount]).sort()).toEqual([
      ["csv", "processed", null],
      ["pptx", "processed", 3],
      ["xlsx", "processed", 2],
    ]);
  });

  it("answer a question only a sheet answers, quoting the row under its columns' labels and citing the sheet", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    expect((await uploadAs(cookie, "分店.xlsx", WORKBOOK, XLSX)).status).toBe(201);
    await drainJobs();
    const res = await ask(cookie, "板橋店的電話是多少？");
    const reply = res.body.aiMessage.content as string;
    expect(reply).toContain("分店：板橋店；地址：新北市板橋區文化路一段 50 號；電話：02-2960-5678；開幕日：2021-11-15。");
    expect(reply).toContain("— 《分店.xlsx》 工作表 2\n");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ documentName: "分店.xlsx", page: 2, pageEnd: 2, pageUnit: "sheet", quote: expect.stringContaining("分店\n| 分店 | 地址 | 電話 | 開幕日 |") });
    // Stored with the message: the chip says "工作表 2" after a reload too.
    expect((await call(messages.GET, { cookie })).body[1].sources[0]).toMatchObject({ page: 2, pageUnit: "sheet" });
  });

  it("answer a question only a slide's speaker notes answer, citing the slide", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    expect((await uploadAs(cookie, "新人訓練.pptx", DECK, PPTX)).status).toBe(201);
    await drainJobs();
    const res = await ask(cookie, "員工旅遊補助每年上限是多少？");
    const reply = res.body.aiMessage.content as string;
    expect(reply).toContain("員工旅遊補助每年上限一萬二千元");
    expect(reply).toContain("— 《新人訓練.pptx》 投影片 3\n");
    expect(res.body.aiMessage.sources[0]).toMatchObject({ page: 3, pageEnd: 3, pageUnit: "slide" });
  });

  it("refuse a password-protected Office file at upload, saying so in both languages, storing nothing and counting no upload", async () => {
    const { cookie } = await seedUser();
    const res = await uploadAs(cookie, "薪資.xlsx", makeEncryptedOffice(), XLSX);
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(zhTW.errors.password_protected);
    expect(en.errors.password_protected).toMatch(/password-protected/);
    expect(await listed(cookie)).toEqual([]);
    expect((await call(usage.GET, { cookie })).body).toMatchObject({ uploads: 0 });
  });

  it("end an empty workbook as an error whose reason the library translates", async () => {
    const { cookie } = await seedUser();
    expect((await uploadAs(cookie, "空白.xlsx", makeXlsx([{ name: "工作表1", rows: [] }]), XLSX)).status).toBe(201);
    await drainJobs();
    const [doc] = await listed(cookie);
    expect(doc).toMatchObject({ status: "error", errorReason: "empty_sheet" });
    expect(zhTW.documents.reasons.empty_sheet).toMatch(/試算表/);
    expect(en.documents.reasons.empty_sheet).toMatch(/spreadsheet/);
  });
});
