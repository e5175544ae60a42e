import { describe, expect, it } from "vitest";
import { decodeTerms, encodeTerms } from "@/lib/server/ingest/term-encoding";

describe("term encoding", () => {
  it("round-trips counts, CJK terms and keys such as __proto__ as plain data", () => {
    const terms: Record<string, number> = Object.create(null);
    Object.assign(terms, { 臺北: 3, gov: 1, "2007": 2, constructor: 1 });
    terms["__proto__"] = 4;
    const decoded = decodeTerms(encodeTerms(terms));
    expect({ ...decoded }).toEqual({ ...terms });
    expect(Object.getPrototypeOf(decoded)).toBeNull();
  });

  it("drops a term that would break the line format instead of corrupting its neighbours", () => {
    expect({ ...decodeTerms(encodeTerms({ "a\tb": 1, ok: 2, "c\nd": 3 })) }).toEqual({ ok: 2 });
    expect({ ...decodeTerms("") }).toEqual({});
  });
});
