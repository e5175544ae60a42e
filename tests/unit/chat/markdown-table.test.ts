import { describe, expect, it } from "vitest";
import { tableBlocks, tableCells, tableLayout } from "@/lib/chat/markdown-table";

// lib/chat/markdown-table.ts: where a passage's tables are, for the offline model's quotes and the
// chat's cited passages.

describe("markdown tables", () => {
  it("finds a header, its rule and its rows; without a rule, two or more rows in a row; a lone row is text", () => {
    const lines = ["票價", "| 車廂 | 臺北至左營 |", "| --- | :---: |", "| 標準 | 1490 元 |", "| 商務 | 2440 元 |", "結束。", "| 週六 | 九點 |", "| 週日 | 休息 |", "", "| 只有一行 |"];
    const layout = tableLayout(lines);
    expect(layout.structure).toEqual([false, true, true, false, false, false, false, false, false, false]);
    expect(layout.row).toEqual([false, false, false, true, true, false, true, true, false, false]);
    expect(layout.headerOf).toEqual([-1, -1, -1, 1, 1, -1, -1, -1, -1, -1]);
    // Lines that may not be of one table (another paragraph) are not.
    expect(tableLayout(lines, (i, j) => j <= 3 || i > 3).headerOf[4]).toBe(-1);
  });

  it("reads cells trimmed, an escaped pipe as a pipe and an empty cell as empty", () => {
    expect(tableCells("| 含稅 a\\|b |  | 1490 元 |")).toEqual(["含稅 a|b", "", "1490 元"]);
  });

  it("splits a passage into its text and its tables, in order, keeping the text's line breaks", () => {
    const text = "高鐵票價\n\n| 車廂 | 票價 |\n| --- | --- |\n| 標準 | 1490 元 |\n  | 商務 | 2440 元 |\n\n兒童半價。\n第二行";
    expect(tableBlocks(text)).toEqual([
      { kind: "text", text: "高鐵票價\n" },
      { kind: "table", header: ["車廂", "票價"], rows: [["標準", "1490 元"], ["商務", "2440 元"]] },
      { kind: "text", text: "\n兒童半價。\n第二行" },
    ]);
    expect(tableBlocks("| 週六 | 九點 |\n| 週日 | 休息 |")).toEqual([{ kind: "table", header: null, rows: [["週六", "九點"], ["週日", "休息"]] }]);
    expect(tableBlocks("沒有表格 | 只有直線")).toEqual([{ kind: "text", text: "沒有表格 | 只有直線" }]);
  });
});
