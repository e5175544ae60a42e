import { describe, expect, it } from "vitest";
import { streamText, generateText } from "ai";
import { composeAnswer, SENTENCE_CACHE_LIMIT, sentenceCacheSize, type AnswerInput } from "@/lib/server/ai/offline/compose-answer";
import { estimateTokens, offlineModel, streamPieces } from "@/lib/server/ai/offline/offline-model";
import { splitSentences } from "@/lib/server/ai/offline/sentences";

const passages = [
  {
    n: 1,
    documentName: "高鐵簡介.pdf",
    page: 3,
    content: "臺灣高速鐵路於二〇〇七年通車。全長約三百五十公里，連接臺北與高雄。列車最高營運速度為每小時三百公里。沿線設有十二座車站。",
  },
  { n: 2, documentName: "票價表.pdf", page: 1, content: "標準車廂全票自臺北至左營為一千四百九十元。商務車廂另計。" },
];

const base: AnswerInput = { locale: "zh-TW", question: "", assistantName: "高鐵小幫手", rolePrompt: "你是高鐵的客服人員。\n其他設定", passages, documentNames: ["高鐵簡介.pdf", "票價表.pdf"] };

describe("splitSentences", () => {
  it("splits Chinese at 。！？； and keeps closing quotes with the sentence", () => {
    expect(splitSentences("他說：「好。」我們走吧！真的嗎？")).toEqual(["他說：「好。」", "我們走吧！", "真的嗎？"]);
  });

  it("splits English only where . ! ? meet white space, so 3.5 and e.g. stay whole", () => {
    expect(splitSentences("It is 3.5 km long. Version 2.0 is out! Why?")).toEqual(["It is 3.5 km long.", "Version 2.0 is out!", "Why?"]);
    expect(splitSentences("line one\nline two")).toEqual(["line one", "line two"]);
    expect(splitSentences("  ")).toEqual([]);
  });
});

describe("composeAnswer", () => {
  it("answers the same from passages it has seen before, and from a passage whose text changed, from the new text", () => {
    const question = "高鐵列車最高營運速度是多少？";
    const first = composeAnswer({ ...base, question });
    expect(composeAnswer({ ...base, question })).toBe(first);
    // Same citation number and document, new text: the quote follows the text.
    const changed = [{ ...passages[0], content: passages[0].content.replace("每小時三百公里", "每小時三百二十公里") }, passages[1]];
    expect(composeAnswer({ ...base, question, passages: changed })).toContain("每小時三百二十公里");
    expect(composeAnswer({ ...base, question })).toBe(first);
  });

  it("keeps the sentences of at most SENTENCE_CACHE_LIMIT passages", () => {
    for (let i = 0; i < SENTENCE_CACHE_LIMIT + 20; i++) {
      composeAnswer({ ...base, question: "高鐵的速度？", passages: [{ n: 1, documentName: "a.txt", page: null, content: `第 ${i} 段：高鐵的速度是每小時三百公里。` }] });
    }
    expect(sentenceCacheSize()).toBe(SENTENCE_CACHE_LIMIT);
  });

  it("quotes the sentence that answers, with its neighbours, and cites document and page", () => {
    const text = composeAnswer({ ...base, question: "高鐵列車最高營運速度是多少？" });
    expect(text).toMatch(/^根據您的文件，最相關的內容如下：/);
    expect(text).toContain("> 全長約三百五十公里，連接臺北與高雄。列車最高營運速度為每小時三百公里。沿線設有十二座車站。 [1]");
    expect(text).toContain("— 《高鐵簡介.pdf》 第 3 頁");
    expect(text).toContain("離線模式");
  });

  it("still quotes, but says it is not sure, when the question's words are mostly not in the passage", () => {
    const text = composeAnswer({ ...base, question: "高鐵最高時速是多少？" });
    expect(text).toMatch(/^文件中沒有找到直接的答案，以下內容可能相關：/);
    expect(text).toContain("每小時三百公里");
  });

  it("takes context only from the same paragraph, never the next heading", () => {
    const text = composeAnswer({
      ...base,
      question: "十二座車站包括哪些？",
      passages: [{ n: 1, documentName: "高鐵.txt", page: null, content: "沿線車站\n\n高鐵沿線設有十二座車站。包括南港、臺北與左營。\n\n票價與優惠" }],
    });
    expect(text).toContain("> 高鐵沿線設有十二座車站。包括南港、臺北與左營。 [1]");
    expect(text).not.toContain("票價與優惠");
    expect(text).not.toMatch(/沿線車站高鐵/);
  });

  it("draws on a lower-ranked passage when its sentence answers better", () => {
    const text = composeAnswer({ ...base, question: "臺北到左營的全票票價是多少？" });
    expect(text).toContain("一千四百九十元");
    expect(text).toContain("[2]");
    expect(text).toContain("《票價表.pdf》 第 1 頁");
  });

  it("says it found nothing, and names the documents, when no sentence shares the question's terms", () => {
    const text = composeAnswer({ ...base, question: "火星的大氣成分是什麼？" });
    expect(text).toContain("找不到");
    expect(text).toContain("《高鐵簡介.pdf》、《票價表.pdf》");
    expect(text).not.toContain(">");
  });

  it("asks for documents when there are none", () => {
    expect(composeAnswer({ ...base, passages: [], documentNames: [], question: "高鐵多快？" })).toContain("請先上傳文件");
  });

  it("introduces itself with the owner's name and the first line of the role prompt", () => {
    for (const greeting of ["你好", "您好！", "Hello", "你是誰？"]) expect(composeAnswer({ ...base, question: greeting }), greeting).toContain("高鐵小幫手");
    const text = composeAnswer({ ...base, question: "你好" });
    expect(text).toContain("您好，我是高鐵小幫手。");
    expect(text).toContain("你是高鐵的客服人員。");
    expect(text).not.toContain("其他設定");
  });

  it("answers in English with English labels", () => {
    const text = composeAnswer({
      ...base,
      locale: "en",
      question: "How long is the line?",
      passages: [{ n: 1, documentName: "hsr.pdf", page: 2, content: "The line opened in 2007. It is about 350 km long. Trains run at 300 km/h." }],
    });
    expect(text).toMatch(/^Here is what your documents say about this:/);
    expect(text).toContain("It is about 350 km long.");
    expect(text).toContain("— *hsr.pdf*, page 2");
  });
});

describe("the offline model (LanguageModelV4)", () => {
  const providerOptions = { offline: { task: "answer", ...base, question: "高鐵最高時速是多少？", passages: passages.map((p) => ({ ...p })) } };

  it("streams its reply in pieces through the AI SDK and reports usage", async () => {
    const result = streamText({ model: offlineModel, prompt: "高鐵最高時速是多少？", providerOptions });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toContain("每小時三百公里");
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(estimateTokens(pieces.join("")));
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  it("honours the output-token cap", async () => {
    const result = await generateText({ model: offlineModel, prompt: "x", providerOptions, maxOutputTokens: 10 });
    expect(estimateTokens(result.text)).toBeLessThanOrEqual(10);
    expect(result.finishReason).toBe("length");
  });

  it("counts a CJK character as one token and four other characters as one", () => {
    expect(estimateTokens("高鐵")).toBe(2);
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("")).toBe(0);
    // Kana, Hangul, 々, and a Han character beyond the BMP (two code units, one token).
    expect(estimateTokens("ひらがなカタカナ")).toBe(8);
    expect(estimateTokens("한국어")).toBe(3);
    expect(estimateTokens("人々")).toBe(2);
    expect(estimateTokens("𠀀𪚥")).toBe(2);
    // Mixed: 4 CJK + "HSR " (4 units) + "300 km" (6 units) → 4 + ceil(10 / 4).
    expect(estimateTokens("高鐵HSR 時速300 km")).toBe(4 + 3);
    // Full-width punctuation is not a word of text: counted with the other characters.
    expect(estimateTokens("。。。。")).toBe(1);
  });

  it("streams a line at a time, every line break kept, nothing added or lost", () => {
    const text = "根據您的文件：\n\n> 高鐵時速三百公里 [1]\n\n— 《高鐵.pdf》 第 2 頁\n\n（離線模式）";
    const pieces = streamPieces(text);
    expect(pieces).toEqual(["根據您的文件：\n", "\n", "> 高鐵時速三百公里 [1]\n", "\n", "— 《高鐵.pdf》 第 2 頁\n", "\n", "（離線模式）"]);
    expect(pieces.join("")).toBe(text);
    expect(streamPieces("one line")).toEqual(["one line"]);
    expect(streamPieces("ends with a break\n")).toEqual(["ends with a break\n"]);
    expect(streamPieces("")).toEqual([]);
  });
});
