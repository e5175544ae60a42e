import { describe, expect, it } from "vitest";
import { isSoftWrap, runsOnAcrossPage } from "@/lib/server/ingest/line-wraps";

describe("where a line or page break is inside a sentence", () => {
  const long = "在新北市的工業就業人口中，以製造業和營造業為大宗，各佔總就業人口的比例";

  it("a long line that stops mid-sentence goes on; a short one or one that ends does not", () => {
    expect(isSoftWrap(long, "相當高")).toBe(true);
    expect(isSoftWrap("第一章 總則", "本規則適用於全體員工。")).toBe(false);
    expect(isSoftWrap(`${long}。`, "下一句")).toBe(false);
  });

  it("a line or a page that opens with a comma or a closing bracket carries on the sentence before, however short", () => {
    expect(isSoftWrap("鑑於新教徒對聖經正典的質疑", "，天特會議重申了傳統的西方正典。")).toBe(true);
    expect(isSoftWrap("故有「市井", "」之稱。")).toBe(true);
    expect(runsOnAcrossPage("第一頁的文字。\n\n後沃村大致仍屬軍事據點", "，以戰爭與和平紀念公園為主。")).toBe(true);
    // Not when the next line begins a block of its own.
    expect(isSoftWrap("鑑於新教徒對聖經正典的質疑", "- 清單項目")).toBe(false);
  });
});
