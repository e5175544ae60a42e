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

  it("writes a term that occurs once without its count", () => {
    expect(encodeTerms({ 臺北: 1, 高鐵: 2 })).toBe("臺北\n高鐵\t2\n");
  });

  it("still reads terms stored with every count written out, and mixed lines", () => {
    expect({ ...decodeTerms("臺北\t1\n高鐵\t2\n") }).toEqual({ 臺北: 1, 高鐵: 2 });
    expect({ ...decodeTerms("a\nb\t3\nc") }).toEqual({ a: 1, b: 3, c: 1 });
  });
});
