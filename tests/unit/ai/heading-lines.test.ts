import { describe, expect, it } from "vitest";
import { isHeadingLine } from "@/lib/server/ai/offline/heading-lines";

describe("isHeadingLine", () => {
  it("takes headings, numbered sections, labels, question headings and page numbers for headings", () => {
    for (const line of [
      "Shared MIME-info Database",
      "1. Introduction",
      "1.2. What is this spec?",
      "2.1 Directory layout",
      "第二章 上班時間",
      "三、請假規定",
      "表一 請假天數",
      "Table 1. Glob weights",
      "The files created by update-mime-database are:",
      "注意事項：",
      "12",
      "Page 3",
      "第 3 頁",
    ]) {
      expect(isHeadingLine(line), line).toBe(true);
    }
  });

  it("takes sentences, list items, label-value lines and table rows with figures for content", () => {
    for (const line of [
      "This is version 0.21 of the specification.",
      "上班時間為每日上午九時至下午六時。",
      "- 地點：臺北",
      "日期：2024 年 3 月 11 日",
      "Weight 50 100",
      "病假 三十日 半薪",
      "Applications must be able to extend the database in any way when they are installed, and without any help",
    ]) {
      expect(isHeadingLine(line), line).toBe(false);
    }
  });
});
