import { describe, expect, it } from "vitest";
import { firstQuotedSentence, holdsAnswer, opensClosest, opensNotFound, quotedLength, quotesOf, splitSentences } from "@/bench/lib/reply-quotes";
import { composeAnswer } from "@/lib/server/ai/offline/compose-answer";

// bench:answers scores replies as a reader meets them; these pin how it reads one.
describe("bench reply reading", () => {
  const reply = [
    "根據文件，最相關的內容如下：",
    "",
    "> 西德隊奪得冠軍。最佳射手是斯基拉奇。 [1]",
    "",
    "— 《1990年世界盃》",
    "",
    "另一段相關內容：",
    "",
    "> It is 3.5 km long. It opened in 1984. [2] [3]",
    "",
    "（離線模式：回覆直接摘錄自文件內容）",
  ].join("\n");

  it("takes the quoted lines in order, without their citation numbers", () => {
    expect(quotesOf(reply)).toEqual(["西德隊奪得冠軍。最佳射手是斯基拉奇。", "It is 3.5 km long. It opened in 1984."]);
    expect(splitSentences("It is 3.5 km long. It opened in 1984.")).toEqual(["It is 3.5 km long.", "It opened in 1984."]);
  });

  it("finds the first quoted sentence, and whether it holds a gold answer (width, case and spaces ignored)", () => {
    expect(firstQuotedSentence(reply)).toBe("西德隊奪得冠軍。");
    expect(holdsAnswer(firstQuotedSentence(reply), ["西德"])).toBe(true);
    expect(holdsAnswer(firstQuotedSentence(reply), ["斯基拉奇"])).toBe(false);
    expect(holdsAnswer("ＡＢＣ 1984", ["abc1984"])).toBe(true);
    expect(holdsAnswer("anything", [" "])).toBe(false);
    expect(firstQuotedSentence("沒有引用")).toBe("");
  });

  it("measures the quoted text without white space", () => {
    expect(quotedLength(reply)).toBe("西德隊奪得冠軍。最佳射手是斯基拉奇。".length + "Itis3.5kmlong.Itopenedin1984.".length);
  });

  it("recognises the offline model's own 'not found' openings in both languages", () => {
    for (const locale of ["zh-TW", "en"] as const) {
      const nothing = composeAnswer({ locale, question: "量子色動力學?", assistantName: "A", rolePrompt: "", passages: [], documentNames: ["a.txt"] });
      expect(opensNotFound(nothing)).toBe(true);
    }
    expect(opensNotFound("文件中沒有找到直接的答案，以下內容可能相關：\n\n> x [1]")).toBe(true);
    expect(opensNotFound("The documents do not answer this directly; this may be related:")).toBe(true);
    expect(opensNotFound(reply)).toBe(false);
    expect(opensClosest("文件中與這個問題最接近的內容如下：\n\n> x [1]")).toBe(true);
    expect(opensClosest("This is the closest the documents come to it:")).toBe(true);
    expect(opensClosest(reply)).toBe(false);
  });
});
