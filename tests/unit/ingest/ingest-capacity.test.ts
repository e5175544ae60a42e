import { describe, expect, it } from "vitest";
import { INGEST_MEMORY_DEFAULT_MB, PARSE_MAX_MEMORY_MB } from "@/lib/constants";
import { parseEnv } from "@/lib/env";
import { ingestCapacity } from "@/lib/server/policies/ingest-capacity";

describe("ingestCapacity", () => {
  it("divides the budget into whole per-parse allowances", () => {
    expect(ingestCapacity(1024, 512, 2)).toEqual({ slots: 2, allowanceMb: 512 });
    expect(ingestCapacity(1500, 512, 2)).toEqual({ slots: 2, allowanceMb: 512 });
    expect(ingestCapacity(600, 512, 2)).toEqual({ slots: 1, allowanceMb: 512 });
  });

  it("gives a budget smaller than one allowance to one parse", () => {
    expect(ingestCapacity(300, 512, 2)).toEqual({ slots: 1, allowanceMb: 300 });
  });

  it("buys at most a slot a core (two on a smaller machine)", () => {
    expect(ingestCapacity(8192, 512, 2)).toEqual({ slots: 2, allowanceMb: 512 });
    expect(ingestCapacity(8192, 512, 1)).toEqual({ slots: 2, allowanceMb: 512 });
    expect(ingestCapacity(8192, 512, 8)).toEqual({ slots: 8, allowanceMb: 512 });
  });

  it("the default budget parses two files at once with the full allowance", () => {
    const env = parseEnv({});
    expect(env.INGEST_MEMORY_MB).toBe(INGEST_MEMORY_DEFAULT_MB);
    expect(ingestCapacity(env.INGEST_MEMORY_MB, PARSE_MAX_MEMORY_MB, 2)).toEqual({ slots: 2, allowanceMb: PARSE_MAX_MEMORY_MB });
  });

  it("refuses a budget that is not a positive number", () => {
    expect(() => ingestCapacity(0)).toThrow(RangeError);
    expect(() => ingestCapacity(Number.NaN)).toThrow(RangeError);
  });
});

describe("INGEST_MEMORY_MB", () => {
  it("takes whole megabytes, defaults when unset or empty, and refuses less than 128", () => {
    expect(parseEnv({ INGEST_MEMORY_MB: "3072" }).INGEST_MEMORY_MB).toBe(3072);
    expect(parseEnv({ INGEST_MEMORY_MB: " " }).INGEST_MEMORY_MB).toBe(INGEST_MEMORY_DEFAULT_MB);
    for (const value of ["64", "-1", "1.5", "lots"]) expect(() => parseEnv({ INGEST_MEMORY_MB: value })).toThrow(/INGEST_MEMORY_MB/);
  });
});
