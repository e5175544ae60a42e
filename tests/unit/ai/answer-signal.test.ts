import { describe, expect, it } from "vitest";
import { retrievalSignal, signalTerms } from "@/lib/server/ai/answer-signal";
import { NOT_IN_DOCUMENTS_MARK, withoutMark } from "@/lib/server/ai/not-in-documents";

/** Weights as an index would give them: every term known, the listed ones rarer. */
function weigh(terms: ReturnType<typeof signalTerms>, rare: string[] = [], unknown: string[] = []) {
  return terms.map(({ term }) => ({ weight: rare.includes(term) || unknown.includes(term) ? 5 : 1, known: !unknown.includes(term) }));
}

describe("retrievalSignal", () => {
  const question = "資源回收是哪幾天？";
  const terms = signalTerms(question);

  it("is answered when the best passage holds the question's words, not answered without a passage", () => {
    expect(retrievalSignal({ terms, weights: weigh(terms), bestPassage: "資源回收在每週二與週四收運。" })).toBe("answered");
    expect(retrievalSignal({ terms, weights: weigh(terms), bestPassage: null })).toBe("not_answered");
  });

  it("weighs rare words more: a passage with only the common ones does not answer", () => {
    const space = signalTerms("太空梭的燃料來自哪裡？");
    expect(retrievalSignal({ terms: space, weights: weigh(space, ["太空梭", "燃料"]), bestPassage: "垃圾車來自清潔隊，請在哪裡等候。" })).toBe("not_answered");
  });

  it("counts a word no document holds as missing, but not a stray bigram across two words", () => {
    const space = signalTerms("太空梭燃料");
    expect(space.find((t) => t.term === "太空梭")?.word).toBe(true);
    const stray = space.filter((t) => !t.word).map((t) => t.term);
    expect(stray.length).toBeGreaterThan(0);
    // What the passage lacks is a word the documents do not know: not answered.
    expect(retrievalSignal({ terms: space, weights: weigh(space, [], ["太空梭", "太空", "空梭"]), bestPassage: "燃料" })).toBe("not_answered");
    // What it lacks is only bigrams across words that no document holds: they do not count.
    const known = space.filter((t) => !stray.includes(t.term)).map((t) => t.term).join(" ");
    expect(retrievalSignal({ terms: space, weights: weigh(space, [], stray), bestPassage: known })).toBe("answered");
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
