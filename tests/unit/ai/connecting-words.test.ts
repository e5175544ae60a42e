import { describe, expect, it } from "vitest";
import { withoutConnectingWords } from "@/lib/server/ai/offline/connecting-words";
import { composeAnswer, matchSentences } from "@/lib/server/ai/offline/compose-answer";

describe("connecting words of a question", () => {
  it("are taken out whole words at a time, in both languages", () => {
    const words = (q: string) => withoutConnectingWords(q).split(/[\s？?]+/u).filter(Boolean);
    expect(words("商務車廂到臺中多少錢？")).toEqual(["商務車廂", "臺中"]);
    expect(words("How much is a business-class ticket to Taichung?")).toEqual(["is", "a", "business-class", "ticket", "to", "Taichung"]);
    expect(words("1990年世界盃的冠軍是哪一隊？")).not.toContain("哪一");
    // Inside a word they stay: 得到 is no connecting 到.
    expect(withoutConnectingWords("他得到了什麼獎")).toContain("得到");
  });

  it("include asking when (什麼時候, 幾時): a one-sentence notice answers its own question with confidence", () => {
    const words = (q: string) => withoutConnectingWords(q).split(/[\s？?]+/u).filter(Boolean);
    expect(words("什麼時候停電？")).toEqual(["停電"]);
    expect(words("甚麼時候開始？")).toEqual(["開始"]);
    expect(words("停電是什麼時候？")).toEqual(["停電是"]);
    expect(words("幾時開放？")).toEqual(["開放"]);
    // Every sentence of the only passage holds the question's word: it is still the answer.
    const notice = { n: 1, documentName: "公告.txt", page: null, content: "停電公告\n\n本大樓將於週六上午九點停電三小時。" };
    expect(matchSentences("什麼時候停電？", [notice])?.confident).toBe(true);
    const text = composeAnswer({ locale: "zh-TW", question: "什麼時候停電？", assistantName: "A", rolePrompt: "", passages: [notice], documentNames: ["公告.txt"] });
    expect(text).toMatch(/^根據文件，最相關的內容如下：/);
    expect(text).toContain("週六上午九點");
  });

  it("do not dilute the match: a labelled table row answers a fare question plainly", () => {
    const fares = { n: 1, documentName: "票價.md", page: null, content: "| 車廂 | 臺北至臺中 | 臺北至左營 |\n| --- | --- | --- |\n| 標準車廂 | 700 元 | 1490 元 |\n| 商務車廂 | 1100 元 | 2440 元 |" };
    const text = composeAnswer({ locale: "zh-TW", question: "商務車廂到臺中多少錢？", assistantName: "A", rolePrompt: "", passages: [fares], documentNames: ["票價.md"] });
    expect(text).toMatch(/^根據文件，最相關的內容如下：/);
    expect(text).toContain("1100 元");
    expect(matchSentences("商務車廂到臺中多少錢？", [fares])!.confident).toBe(true);
  });
});
