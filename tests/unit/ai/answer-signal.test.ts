import { describe, expect, it } from "vitest";
import { retrievalSignal, signalTerms } from "@/lib/server/ai/answer-signal";
import { NOT_IN_DOCUMENTS_MARK, withoutMark } from "@/lib/server/ai/not-in-documents";

/** Weights as an index would give them: every term known, the listed ones rarer (or held by no document). */
function weigh(terms: string[], rare: string[] = []) {
  return terms.map((term) => ({ weight: rare.includes(term) ? 5 : 1 }));
}

describe("signalTerms", () => {
  it("leaves out the asking words and single Chinese characters", () => {
    const terms = signalTerms("為什麼太空梭的燃料是什麼東西？");
    expect(terms).toContain("太空梭");
    expect(terms).toContain("燃料");
    expect(terms.some((t) => t.includes("什麼") || t.includes("為什"))).toBe(false);
    expect(terms.every((t) => [...t].length > 1)).toBe(true);
    expect(signalTerms("How much does a ticket cost?")).not.toContain("much");
  });
});

describe("retrievalSignal", () => {
  const question = "資源回收是哪幾天？";
  const terms = signalTerms(question);

  it("is answered when the best passage holds the question's words, not answered without a passage", () => {
    expect(retrievalSignal({ question, terms, weights: weigh(terms), bestPassage: "資源回收在每週二與週四收運。" })).toBe("answered");
    expect(retrievalSignal({ question, terms, weights: weigh(terms), bestPassage: null })).toBe("not_answered");
  });

  it("weighs rare words more: a passage with only the common ones does not answer", () => {
    const asked = "太空梭的燃料來自哪裡？";
    const space = signalTerms(asked);
    expect(retrievalSignal({ question: asked, terms: space, weights: weigh(space, ["太空梭", "燃料"]), bestPassage: "垃圾車來自清潔隊，請在這裡等候。" })).toBe("not_answered");
  });

  it("is weak between the bounds, and holds English to a bound of its own", () => {
    const by = (terms: string[], weight: Record<string, number>) => terms.map((t) => ({ weight: weight[t] ?? 0 }));
    const zh = "高鐵票價";
    const zhTerms = signalTerms(zh);
    expect(zhTerms).toEqual(expect.arrayContaining(["高鐵", "票價"]));
    // Half the weight held: weak.
    expect(retrievalSignal({ question: zh, terms: zhTerms, weights: by(zhTerms, { 高鐵: 1, 票價: 1 }), bestPassage: "高鐵" })).toBe("weak");
    // A third held: still weak in Chinese (its bound is 0.3), not answered in English (0.4).
    expect(retrievalSignal({ question: zh, terms: zhTerms, weights: by(zhTerms, { 高鐵: 1, 票價: 2 }), bestPassage: "高鐵" })).toBe("weak");
    const en = "ticket price";
    const enTerms = signalTerms(en);
    expect(enTerms).toHaveLength(2);
    expect(retrievalSignal({ question: en, terms: enTerms, weights: by(enTerms, { [enTerms[0]]: 1, [enTerms[1]]: 2 }), bestPassage: en.split(" ")[0] })).toBe("not_answered");
    expect(retrievalSignal({ question: en, terms: enTerms, weights: by(enTerms, { [enTerms[0]]: 1, [enTerms[1]]: 1 }), bestPassage: en.split(" ")[0] })).toBe("weak");
  });
});

describe("withoutMark", () => {
  it("passes a marked reply on without its mark, however the pieces fall", () => {
    const seen: string[] = [];
    const mark = withoutMark((text) => seen.push(text));
    for (const piece of ["[[not-in", "-documents]] 文件", "沒有提到", "。"]) mark.push(piece);
    expect(mark.finish(`${NOT_IN_DOCUMENTS_MARK} 文件沒有提到。`)).toEqual({ text: "文件沒有提到。", marked: true });
    expect(seen.join("")).toBe("文件沒有提到。");
  });

  it("passes an unmarked reply on whole, a short one too", () => {
    const seen: string[] = [];
    const mark = withoutMark((text) => seen.push(text));
    mark.push("[");
    mark.push("1] 週二");
    expect(mark.finish("[1] 週二")).toEqual({ text: "[1] 週二", marked: false });
    expect(seen.join("")).toBe("[1] 週二");
    const short: string[] = [];
    const brief = withoutMark((text) => short.push(text));
    brief.push("[[");
    expect(brief.finish("[[")).toEqual({ text: "[[", marked: false });
    expect(short.join("")).toBe("[[");
  });
});
