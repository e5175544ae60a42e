import { describe, expect, it } from "vitest";
import { questionSimilarity, questionTerms, SAME_QUESTION_MIN_SIMILARITY, sameQuestion } from "@/lib/server/ai/question-match";

const similarity = (a: string, b: string) => questionSimilarity(questionTerms(a), questionTerms(b));

describe("questionSimilarity", () => {
  it("finds rewordings of one question alike, in Chinese and in English", () => {
    expect(similarity("資源回收是哪幾天？", "請問哪幾天可以丟資源回收？")).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("資源回收是哪幾天？", "資源回收哪天收")).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("太空梭的燃料是什麼成分？", "請問太空梭燃料的成分是什麼")).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("How much is the business class fare to Zuoying?", "business class fare Taipei to Zuoying")).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
  });

  it("finds two ways of asking for one thing alike: price, time of day, day, place and manner, in both languages", () => {
    for (const [a, b] of [
      ["垃圾車幾點來？", "垃圾車什麼時間來？"],
      ["商務車廂到臺中多少錢？", "商務車廂到臺中的票價是？"],
      ["停車費用怎麼算？", "停車怎麼收費？"],
      ["資源回收是星期幾？", "資源回收是哪幾天？"],
      ["服務台在哪裡？", "服務台在什麼地方？"],
      ["如何申請退費？", "要怎麼申請退費？"],
      ["How much is the business class ticket to Zuoying?", "What is the fare of a business class ticket to Zuoying?"],
      ["How much does parking cost?", "What is the parking fee?"],
      ["What time does the library open on Saturday?", "When does the library open on Saturday?"],
    ]) {
      expect(similarity(a, b), `${a} / ${b}`).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
    }
  });

  it("keeps different questions on one topic apart", () => {
    // Asked the same way about different things: still different questions.
    expect(similarity("停車費用怎麼算？", "月票費用怎麼算？")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("How much does parking cost?", "How much does a library card cost?")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("垃圾車幾點來？", "垃圾車在哪裡停？")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("資源回收是哪幾天？", "垃圾車幾點來？")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("資源回收是哪幾天？", "廚餘要怎麼丟？")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    expect(similarity("When is recycling collected?", "When is garbage collected?")).toBeLessThan(SAME_QUESTION_MIN_SIMILARITY);
    // The same words about another figure ask another thing.
    expect(similarity("第 3 號公告的收費標準是多少？", "第 4 號公告的收費標準是多少？")).toBe(0);
    expect(similarity("第 3 號公告的收費標準是多少？", "請問第 3 號公告的收費標準是多少")).toBeGreaterThanOrEqual(SAME_QUESTION_MIN_SIMILARITY);
  });
});

describe("sameQuestion", () => {
  it("picks the closest candidate, or none when none is close enough", () => {
    const candidates = [{ question: "垃圾車幾點來？" }, { question: "資源回收是哪幾天？" }, { question: "資源回收哪天收" }];
    expect(sameQuestion("資源回收是哪幾天", candidates)).toBe(candidates[1]);
    expect(sameQuestion("太空梭的燃料是什麼？", candidates)).toBeNull();
    expect(sameQuestion("資源回收是哪幾天", [])).toBeNull();
  });
});
