import { describe, expect, it } from "vitest";
import { SHARE_MESSAGES_PER_IP_PER_MINUTE, SHARE_MESSAGES_PER_LINK_PER_MINUTE, SHARE_MESSAGES_PER_VISITOR_PER_MINUTE } from "@/lib/constants";
import { parseEnv } from "@/lib/env";

const limits = (source: Record<string, string | undefined>) => {
  const env = parseEnv(source);
  return [env.SHARE_LIMIT_PER_IP_PER_MINUTE, env.SHARE_LIMIT_PER_VISITOR_PER_MINUTE, env.SHARE_LIMIT_PER_LINK_PER_MINUTE];
};

describe("lib/env share-link limits", () => {
  it("default to the product's limits when unset or empty", () => {
    const defaults = [SHARE_MESSAGES_PER_IP_PER_MINUTE, SHARE_MESSAGES_PER_VISITOR_PER_MINUTE, SHARE_MESSAGES_PER_LINK_PER_MINUTE];
    expect(limits({})).toEqual(defaults);
    expect(limits({ SHARE_LIMIT_PER_IP_PER_MINUTE: "", SHARE_LIMIT_PER_VISITOR_PER_MINUTE: " ", SHARE_LIMIT_PER_LINK_PER_MINUTE: "" })).toEqual(defaults);
  });

  it("take whole numbers from the environment", () => {
    expect(limits({ SHARE_LIMIT_PER_IP_PER_MINUTE: "5", SHARE_LIMIT_PER_VISITOR_PER_MINUTE: "3", SHARE_LIMIT_PER_LINK_PER_MINUTE: "1000000" })).toEqual([5, 3, 1_000_000]);
  });

  it("refuse to start on a limit that is not a positive whole number", () => {
    for (const value of ["0", "-1", "2.5", "many"]) {
      expect(() => parseEnv({ SHARE_LIMIT_PER_LINK_PER_MINUTE: value })).toThrow(/SHARE_LIMIT_PER_LINK_PER_MINUTE/);
    }
  });
});
