import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unifyRadicals } from "@/lib/server/ingest/worker/cjk-radicals.mjs";
import { makeTablePdf } from "@/bench/lib/make-pdf";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";

const FARES = [
  ["車廂", "臺北至臺中", "臺北至左營"],
  ["標準車廂", "700 元", "1490 元"],
  ["商務車廂", "1100 元", "2440 元"],
  ["自由座", "675 元", "1445 元"],
];

describe("PDF tables set in aligned columns", () => {
  it("are read as rows under their header, the text around them as before", async () => {
    const pdf = await makeTablePdf({ title: "高鐵票價", rows: FARES, after: "票價自二〇二四年起適用。" });
    const { pages } = await parseDocument(pdf, "pdf");
    expect(pages[0].text).toBe(
      [
        "高鐵票價",
        "| 車廂 | 臺北至臺中 | 臺北至左營 |\n| --- | --- | --- |\n| 標準車廂 | 700 元 | 1490 元 |\n| 商務車廂 | 1100 元 | 2440 元 |\n| 自由座 | 675 元 | 1445 元 |",
        "票價自二〇二四年起適用。",
      ].join("\n\n"),
    );
    const [chunk] = chunkDocument({ pages });
    const reply = composeAnswer({
      locale: "zh-TW",
      question: "商務車廂到臺中多少錢？",
      assistantName: "A",
      rolePrompt: "",
      passages: toOfflinePassages([{ documentName: "票價.pdf", page: chunk.pageStart, pageEnd: chunk.pageEnd, content: chunk.content }]),
      documentNames: ["票價.pdf"],
    });
    expect(reply).toMatch(/^根據文件，最相關的內容如下：\n\n> 車廂：商務車廂；臺北至臺中：1100 元；臺北至左營：2440 元。 \[1\]/);
    expect(reply).toContain("— 《票價.pdf》 第 1 頁");
  });

  it("stay as lines of text when the columns are not clearly apart", async () => {
    const pdf = await makeTablePdf({ title: "高鐵票價", rows: FARES, after: "票價自二〇二四年起適用。", gap: 0.6 });
    const { pages } = await parseDocument(pdf, "pdf");
    expect(pages[0].text).not.toContain("|");
    expect(pages[0].text).toContain("商務車廂 1100 元 2440 元");
  });

  it("a table over many pages keeps its header in every passage, and a row is cited on its own page", async () => {
    const rows = [["班次", "終站", "票價"], ...Array.from({ length: 200 }, (_, i) => [`第${i + 1}班`, i % 2 ? "左營" : "臺中", `${700 + i} 元`])];
    const pdf = await makeTablePdf({ title: "時刻表", rows, after: "以上。", pages: 0 });
    const { pages } = await parseDocument(pdf, "pdf");
    expect(pages.length).toBeGreaterThan(3);
    const chunks = chunkDocument({ pages });
    const withRows = chunks.filter((c) => c.content.includes("| 第"));
    for (const chunk of withRows) expect(chunk.content).toContain("| 班次 | 終站 | 票價 |");
    const pageOfRow = pages.find((p) => p.text.includes("| 第150班 |"))!.page;
    const chunk = withRows.find((c) => c.content.includes("| 第150班 |"))!;
    const reply = composeAnswer({
      locale: "zh-TW",
      question: "第150班的票價？",
      assistantName: "A",
      rolePrompt: "",
      passages: toOfflinePassages([{ documentName: "時刻表.pdf", page: chunk.pageStart, pageEnd: chunk.pageEnd, pageBreaks: chunk.pageBreaks, content: chunk.content }]),
      documentNames: ["時刻表.pdf"],
    });
    expect(reply).toContain("> 班次：第150班；終站：左營；票價：849 元。 [1]");
    expect(reply).toContain(`— 《時刻表.pdf》 第 ${pageOfRow} 頁`);
  });
});

// Printed by Chromium's own PDF writer (scripts/print-table-pdfs.mjs): a real producer's text
// runs, font subsets and ruled cells, not the layout bench/lib/make-pdf.ts draws.
const printed = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/documents", name)));
const ask = (question: string, name: string, chunk: { pageStart: number | null; pageEnd: number | null; pageBreaks: number[]; content: string }, locale: "zh-TW" | "en" = "zh-TW") =>
  composeAnswer({
    locale,
    question,
    assistantName: "A",
    rolePrompt: "",
    passages: toOfflinePassages([{ documentName: name, page: chunk.pageStart, pageEnd: chunk.pageEnd, pageBreaks: chunk.pageBreaks, content: chunk.content }]),
    documentNames: [name],
  });

describe("tables in PDFs printed by a browser", () => {
  it("a ruled table whose labels carry units in brackets is read as rows under them, with the font's radicals read as the characters they stand for", async () => {
    const { pages } = await parseDocument(printed("zh-parking-fees.pdf"), "pdf");
    // Noto Sans CJK's ToUnicode gives 車 as U+2F9E (KANGXI RADICAL CART): no question about 停車場 would find it.
    expect(pages[0].text).not.toMatch(/[\u2e80-\u2fdf]/u);
    expect(pages[0].text).toContain("公有路外停車場收費標準\n\n本標準自公告日起實施，各停車場收費如下表。\n\n| 停車場 | 地址 | 小型車（每小時） | 機車（每次） | 營業時間 |\n| --- | --- | --- | --- | --- |\n| 市府轉運站 | 忠孝東路五段 6 號 | 50 元 | 20 元 |");
    expect(pages[0].text).toMatch(/\n\n月票另依各場公告辦理；身心障礙者停車依規定減免。$/);
    const [chunk] = chunkDocument({ pages });
    expect(ask("興雅國中停車場的小型車每小時多少錢？", "停車費.pdf", chunk)).toMatch(/^根據文件，最相關的內容如下：\n\n> 停車場：興雅國中；地址：松德路 168 號；小型車（每小時）：30 元；機車（每次）：10 元；營業時間：24 ?小時。 \[1\]/);
  });

  it("a table over three pages, its header repeated on each by the browser, keeps the header in every passage and cites a row's own page", async () => {
    const { pages } = await parseDocument(printed("en-branch-hours.pdf"), "pdf");
    expect(pages.length).toBe(3);
    for (const page of pages) expect(page.text).toContain("| Branch | Address | Weekdays | Saturday | Items (thousands) |\n| --- | --- | --- | --- | --- |");
    const chunks = chunkDocument({ pages });
    const withRows = chunks.filter((c) => c.content.includes("Main Street |"));
    expect(withRows.length).toBeGreaterThan(3);
    for (const chunk of withRows) expect(chunk.content).toContain("| Branch | Address | Weekdays | Saturday | Items (thousands) |");
    const pageOfRow = pages.find((p) => p.text.includes("| Elmwood 9 |"))!.page;
    expect(pageOfRow).toBe(3);
    const reply = ask("What are the Saturday hours of the Elmwood 9 branch?", "branches.pdf", withRows.find((c) => c.content.includes("| Elmwood 9 |"))!, "en");
    expect(reply).toContain("> Branch: Elmwood 9; Address: 576 Main Street; Weekdays: ");
    expect(reply).toContain("Saturday: 10:00");
    expect(reply).toContain("— *branches.pdf*, page 3");
  });

  it("reads Kangxi radicals and the whole-character forms of the radicals supplement as the ideographs", () => {
    expect(unifyRadicals("停⾞場 ⼩型⾞（每⼩時） ⽉票 ⾝⼼ ⻑⻘ ⻄⻝")).toBe("停車場 小型車（每小時） 月票 身心 長青 西食");
    // Everything else is left as it is: fullwidth punctuation, Latin, ordinary ideographs.
    expect(unifyRadicals("（每小時）ABC，車。")).toBe("（每小時）ABC，車。");
  });
});
