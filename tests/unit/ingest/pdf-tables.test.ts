import { describe, expect, it } from "vitest";
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
