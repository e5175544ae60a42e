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

  it("keeps different questions on one topic apart", () => {
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
