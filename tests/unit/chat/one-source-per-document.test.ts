import { describe, expect, it } from "vitest";
import { oneSourcePerDocument } from "@/lib/chat/one-source-per-document";
import type { MessageSource } from "@/lib/chat/message-types";

const source = (n: number, documentId: string, page: number | null, pageEnd: number | null, quote: string): MessageSource => ({
  n,
  documentId,
  documentName: `${documentId}.pdf`,
  page,
  pageEnd,
  quote,
});

describe("oneSourcePerDocument", () => {
  it("gives one source per document, spanning the pages of every passage quoted from it, and renumbers the reply", () => {
    const text = "> 三權分立。 [1]\n\n> 行政權。 [2]\n\n> 別的。 [3]\n\n> 立法權。 [4] [2]";
    const out = oneSourcePerDocument(text, [source(1, "a", 7, 7, "甲"), source(2, "a", 3, 4, "乙"), source(3, "b", 1, 1, "丙"), source(4, "b", null, null, "丁")]);
    expect(out.sources.map((s) => [s.n, s.documentId, s.page, s.pageEnd, s.quote])).toEqual([
      [1, "a", 3, 7, "甲\n\n乙"],
      [3, "b", 1, 1, "丙\n\n丁"],
    ]);
    expect(out.text).toBe("> 三權分立。 [1]\n\n> 行政權。 [1]\n\n> 別的。 [3]\n\n> 立法權。 [3] [1]");
  });

  it("leaves a reply citing each document once as it is, and a repeated citation once", () => {
    const sources = [source(1, "a", 2, 2, "甲"), source(2, "b", 5, 6, "乙")];
    expect(oneSourcePerDocument("x [1] y [2]", sources)).toEqual({ text: "x [1] y [2]", sources });
    expect(oneSourcePerDocument("x [1] [2]", [source(1, "a", 1, 1, "甲"), source(2, "a", 2, 2, "乙")]).text).toBe("x [1]");
  });
});
