import { describe, expect, it } from "vitest";
import { EMBED_ORIGINS_MAX } from "@/lib/constants";
import { embedOriginLines, embedOriginsSchema, isEmbedOrigin, normalizeEmbedOrigin } from "@/lib/schemas/embed-origins";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";

// Each allowed origin is written into the share page's CSP frame-ancestors: anything but a bare
// origin would widen it (a wildcard), be ignored (a path), or break the header (";", spaces).
describe("embed origins", () => {
  it.each([
    ["https://www.example.com", "https://www.example.com"],
    ["  https://Shop.Example.COM/  ", "https://shop.example.com"],
    ["https://example.com:8443", "https://example.com:8443"],
    ["https://example.com:443", "https://example.com"],
    ["https://例子.測試", "https://xn--fsqu00a.xn--g6w251d"],
    ["https://203.0.113.7", "https://203.0.113.7"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["http://127.0.0.1:5301", "http://127.0.0.1:5301"],
    ["https://localhost", "https://localhost"],
  ])("accepts %s as %s", (input, origin) => {
    expect(normalizeEmbedOrigin(input)).toEqual({ origin });
  });

  it.each([
    ["https://example.com/page", "path"],
    ["https://example.com/?a=1", "path"],
    ["https://example.com#top", "path"],
    ["https://example.com?", "path"],
    ["https://*.example.com", "wildcard"],
    ["*", "wildcard"],
    ["http://example.com", "scheme"],
    ["http://192.168.1.10", "scheme"],
    ["ftp://example.com", "scheme"],
    ["javascript://example.com", "scheme"],
    ["example.com", "invalid"],
    ["//example.com", "invalid"],
    ["https://user:pw@example.com", "invalid"],
    ["https://example.com;script-src", "invalid"],
    ["https://example.com 'unsafe-inline'", "invalid"],
    ["https://exa'mple.com", "invalid"],
    ["https://localhost.", "invalid"],
    ["https://intranet", "invalid"],
    ["https://[::1]:8080", "invalid"],
    ["https://1.2.3", "invalid"],
    ["https://0x7f000001", "invalid"],
    ["http://2130706433", "invalid"],
    ["", "invalid"],
  ])("refuses %s (%s)", (input, problem) => {
    expect(normalizeEmbedOrigin(input)).toEqual({ problem });
  });

  it("knows a stored value only when it is exactly a normalized origin", () => {
    expect(isEmbedOrigin("https://example.com")).toBe(true);
    expect(isEmbedOrigin("https://Example.com")).toBe(false);
    expect(isEmbedOrigin("https://example.com/")).toBe(false);
    expect(isEmbedOrigin("'self'")).toBe(false);
  });

  it("normalizes a list, drops duplicates and keeps the owner's order", () => {
    expect(embedOriginsSchema.parse(["https://b.example.com", "https://A.example.com/", "https://b.example.com:443"])).toEqual(["https://b.example.com", "https://a.example.com"]);
    expect(embedOriginsSchema.parse([])).toEqual([]);
  });

  it("names the problem of each entry with a message key both languages have, and caps the count", () => {
    const result = embedOriginsSchema.safeParse(["https://ok.example.com", "https://example.com/page", "http://example.org"]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => ({ path: i.path, message: i.message }));
    expect(issues).toEqual([
      { path: [1], message: "validation.embedOriginPath" },
      { path: [2], message: "validation.embedOriginScheme" },
    ]);
    const tooMany = embedOriginsSchema.safeParse(Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example.com`));
    expect(tooMany.error?.issues[0].message).toBe("validation.embedOriginsTooMany");
    expect(embedOriginsSchema.safeParse(Array.from({ length: EMBED_ORIGINS_MAX }, (_, i) => `https://s${i}.example.com`)).success).toBe(true);
    expect(embedOriginsSchema.safeParse([`https://${"a".repeat(250)}.com`]).error?.issues[0].message).toBe("validation.embedOriginInvalid");
    for (const messages of [zhTW, en]) {
      for (const key of ["embedOriginInvalid", "embedOriginScheme", "embedOriginPath", "embedOriginWildcard", "embedOriginsTooMany"] as const) {
        expect(messages.validation[key]).toBeTruthy();
      }
      expect(messages.validation.embedOriginsTooMany).toContain(String(EMBED_ORIGINS_MAX));
    }
  });

  it("reads the field one origin a line (commas and spaces separate too), blank lines dropped", () => {
    expect(embedOriginLines("https://a.example.com\n\n  https://b.example.com , https://c.example.com\r\n")).toEqual(["https://a.example.com", "https://b.example.com", "https://c.example.com"]);
    expect(embedOriginLines("  \n ")).toEqual([]);
  });
});
