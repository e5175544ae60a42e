import { describe, expect, it } from "vitest";
import { isMostlyLatin, isPageFurniture, questionLanguage, looksLikeCodeOrTable, looksLikePersonName, ordinaryWordsOf } from "@/lib/server/ai/offline/text-shapes";

describe("text shapes", () => {
  it("tells binary-layout tables, code and commands from language", () => {
    for (const line of [
      "4 CARD32 N_ALIASES 8*N_ALIASES AliasListEntry",
      "2 CARD16 MAJOR_VERSION 2 CARD16 MINOR_VERSION",
      "if (entry->weight > best_weight) { best = entry; }",
      "update-widget-registry --rebuild /usr/share/registry",
      "XDG_DATA_HOME",
      "text/plain application/octet-stream",
      "項目 收運日 備註",
      "紙類\t週二\t需綑綁",
      "2019 | 1,200 | 35%",
    ]) {
      expect(looksLikeCodeOrTable(line), line).toBe(true);
    }
    for (const line of ["Recommended checking order", "The Taiwan High Speed Rail opened in 2007 and links Taipei with Kaohsiung.", "臺灣高速鐵路於二〇〇七年通車。", "Kublai Khan", "iPhone and YouTube", "COVID-19 cases rose in the 1990s"]) {
      expect(looksLikeCodeOrTable(line), line).toBe(false);
    }
  });

  it("recognises page furniture: page numbers, contents, addresses, links, dates alone, bylines", () => {
    for (const line of ["12", "- 3 -", "Page 4 of 17", "第 2 頁", "第 2 頁，共 10 頁", "Table of Contents", "目錄", "tal197 at users.sf.net", "service@example.gov.tw", "X Desktop Group (http://www.freedesktop.org)", "2 October 2018", "2024年3月11日", "© 2024 Example Inc.", "作者：王小明", "by Jane Smith"]) {
      expect(isPageFurniture(line), line).toBe(true);
    }
    const prose = "In 1998 it launched a free web mail service under the 163.com domain, which many people remember by the number 163 that was used for dial-up.";
    for (const line of ["Directory layout", "收運時間", prose]) expect(isPageFurniture(line), line).toBe(false);
  });

  it("recognises a bare personal name by its words, not by its capitals", () => {
    const words = ordinaryWordsOf("The directory layout follows the usual order. Checking the order is recommended.");
    expect(looksLikePersonName("Thomas Leonard", words)).toBe(true);
    expect(looksLikePersonName("Jane van Dijk", words)).toBe(true);
    expect(looksLikePersonName("Directory Layout", words)).toBe(false);
    expect(looksLikePersonName("Recommended Checking Order", words)).toBe(false);
    expect(looksLikePersonName("王小明", words)).toBe(true);
    expect(looksLikePersonName("陳大文 教授", words)).toBe(true);
    for (const heading of ["簡介", "高鐵", "方法", "高鐵簡介", "收運時間"]) expect(looksLikePersonName(heading, words), heading).toBe(false);
  });

  it("weighs a Chinese character as a few Latin letters when telling the language", () => {
    expect(isMostlyLatin("LOEN娛樂前身是成立於1978年的Seoul Records，2005年由SK Telecom收購。")).toBe(false);
    expect(isMostlyLatin("The 1973 oil crisis began in October 1973.")).toBe(true);
    expect(isMostlyLatin("Taipei 101 (臺北101) was the tallest building in the world.")).toBe(true);
  });

  it("tells a question's language when it plainly is one, and leaves the rest to the reader's", () => {
    expect(questionLanguage("When are returns due?")).toBe("en");
    expect(questionLanguage("What does 垃圾清運 say about recycling?")).toBe("en");
    expect(questionLanguage("資源回收是哪幾天？")).toBe("zh-TW");
    expect(questionLanguage("什麼是 API？")).toBe("zh-TW");
    expect(questionLanguage("請問 Taipei 101 有多高？")).toBe("zh-TW");
    // What a question quotes is not its language: the offline opening questions quote titles.
    expect(questionLanguage("「The Shared Type Database Specification」這節說明了什麼？")).toBe("zh-TW");
    expect(questionLanguage("What does “臺北市垃圾清運” say about recycling days?")).toBe("en");
    // A quotation alone is all there is to go by.
    expect(questionLanguage("「Shared Type Database」")).toBe("en");
    expect(questionLanguage("「垃圾清運」")).toBe("zh-TW");
    for (const undecided of ["API", "library", "42", "", "？？", "😀"]) expect(questionLanguage(undecided), undecided).toBeNull();
  });
});
