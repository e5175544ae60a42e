import { describe, expect, it } from "vitest";
import { tableText } from "@/lib/server/ingest/worker/docx-tables.mjs";
import { parseHtml } from "@/lib/server/ingest/worker/parse-html.mjs";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";

const HEADER = "| 班次 | 起站 | 終站 | 發車時間 | 票價 |";
const rows = (n: number) => [["班次", "起站", "終站", "發車時間", "票價"], ...Array.from({ length: n }, (_, i) => [`第${i + 1}班`, "臺北", i % 2 ? "左營" : "臺中", `${String(6 + (i % 17)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`, `${700 + i} 元`])];

describe("a long table keeps its labels in every passage", () => {
  it("is written as blocks of rows, each under the header repeated", () => {
    const text = tableText(rows(500));
    const blocks = text.trim().split("\n\n");
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(block.split("\n").slice(0, 2)).toEqual([HEADER, "| --- | --- | --- | --- | --- |"]);
    // Every row is there once, in order.
    const written = blocks.flatMap((b) => b.split("\n").slice(2));
    expect(written).toHaveLength(500);
    expect(written[499]).toBe("| 第500班 | 臺北 | 左營 | 12:19 | 1199 元 |");
    // A short table is one block, as before.
    expect(tableText(rows(3)).trim().split("\n\n")).toHaveLength(1);
  });

  it("every chunk of a 500-row HTML table holds the header, and a late row is quoted under its labels with its page cited", () => {
    const html = `<html><body><h1>時刻表</h1><table>${rows(500).map((r, i) => `<tr>${r.map((c) => (i === 0 ? `<th>${c}</th>` : `<td>${c}</td>`)).join("")}</tr>`).join("")}</table></body></html>`;
    const { pages } = parseHtml(new TextEncoder().encode(html));
    const chunks = chunkDocument({ pages: [{ page: 4, text: pages[0].text }] });
    const withRows = chunks.filter((c) => c.content.includes("| 第"));
    expect(withRows.length).toBeGreaterThan(10);
    for (const chunk of withRows) expect(chunk.content).toContain(HEADER);
    const late = withRows.find((c) => c.content.includes("| 第437班 |"))!;
    const reply = composeAnswer({
      locale: "zh-TW",
      question: "第437班的票價多少？",
      assistantName: "A",
      rolePrompt: "",
      passages: toOfflinePassages([{ documentName: "時刻表.html", page: late.pageStart, pageEnd: late.pageEnd, content: late.content }]),
      documentNames: ["時刻表.html"],
    });
    expect(reply).toContain("> 班次：第437班；起站：臺北；終站：臺中；發車時間：");
    expect(reply).toContain("票價：1136 元。");
    expect(reply).toContain("— 《時刻表.html》 第 4 頁");
  });
});
