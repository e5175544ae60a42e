import { describe, expect, it } from "vitest";
import { tableText } from "@/lib/server/ingest/worker/docx-tables.mjs";
import { parseHtml } from "@/lib/server/ingest/worker/parse-html.mjs";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";
import { passageText, tableHeadersOf } from "@/lib/server/ingest/table-headers";
import { PageTermCollector } from "@/lib/server/ingest/passage-terms";
import { decodeTerms } from "@/lib/server/ingest/term-encoding";

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

describe("a long Markdown table in a .md or .txt file, kept as written", () => {
  const markdown = (n: number) => {
    const [head, ...body] = rows(n);
    const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
    return `# 時刻表\n\n以下為本季班次。\n\n${line(head)}\n| --- | --- | --- | --- | --- |\n${body.map(line).join("\n")}\n\n以上班次如有異動，以車站公告為準。`;
  };

  it("names the header of every passage that starts among its rows, and a late row is quoted under its labels", () => {
    const text = markdown(500);
    const chunks = chunkDocument({ pages: [{ page: null, text }] });
    const withRows = chunks.filter((c) => c.content.includes("| 第"));
    expect(withRows.length).toBeGreaterThan(10);
    // The file's text is not rewritten: offsets still index it, and the header is written once.
    for (const chunk of chunks) expect(chunk.content).toBe(text.slice(chunk.charStart, chunk.charEnd));
    expect(withRows[0].content).toContain(HEADER);
    expect(withRows[0].tableHeader).toBeNull();
    for (const chunk of withRows.slice(1)) expect(chunk.tableHeader).toBe(`${HEADER}\n| --- | --- | --- | --- | --- |`);
    // The closing paragraph after the table is not under it.
    expect(chunks.at(-1)!.content.endsWith("以車站公告為準。")).toBe(true);
    expect(chunks.filter((c) => c.content.startsWith("以上班次")).every((c) => c.tableHeader === null)).toBe(true);

    const late = withRows.find((c) => c.content.includes("| 第437班 |"))!;
    const reply = composeAnswer({
      locale: "zh-TW",
      question: "第437班的票價多少？",
      assistantName: "A",
      rolePrompt: "",
      passages: toOfflinePassages([{ documentName: "時刻表.md", page: null, pageEnd: null, content: passageText(late) }]),
      documentNames: ["時刻表.md"],
    });
    expect(reply).toContain("> 班次：第437班；起站：臺北；終站：臺中；發車時間：");
    expect(reply).toContain("票價：1136 元。");
  });

  it("indexes a passage cut from the table under its labels' words too", () => {
    const text = markdown(500);
    const chunks = chunkDocument({ pages: [{ page: null, text }] });
    const collector = new PageTermCollector();
    collector.addPage(text);
    const terms = collector.assign(chunks);
    const late = chunks.findIndex((c) => c.content.includes("| 第437班 |"));
    expect(chunks[late].content).not.toContain("票價");
    expect(decodeTerms(terms[late].encodedTerms)["票價"]).toBeGreaterThan(0);
  });

  it("finds each body row's header in one pass: a rule under a row starts a table, any other line ends it", () => {
    const paragraph = ["說明", "| 甲 | 乙 |", "|---|:---:|", "| 1 | 2 |", "  | 3 | 4 |", "| 丙 | 丁 |", "| --- | --- |", "| 5 | 6 |", "註：以上為例。", "| 7 | 8 |"].join("\n");
    const headers = tableHeadersOf(paragraph);
    const at = (row: string) => paragraph.indexOf(row);
    expect([...headers.entries()]).toEqual([
      [at("| 1 | 2 |"), "| 甲 | 乙 |\n|---|:---:|"],
      [at("| 3 | 4 |"), "| 甲 | 乙 |\n|---|:---:|"],
      [at("| 5 | 6 |"), "| 丙 | 丁 |\n| --- | --- |"],
    ]);
  });
});
