import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/embed.js/route";
import { cookiesWithEmbedChoices } from "@/lib/embed/embed-preferences";
import { bubbleSnippet } from "@/lib/share-admin/embed-snippet";

// GET /embed.js: the chat bubble's script as other sites load it.

describe("GET /embed.js", () => {
  it("serves the bubble with its texts in both languages, as a script any site may load, under 10 KB compressed", async () => {
    const res = GET();
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const text = await res.text();
    expect(text).toContain("開啟 AI 助理對話");
    expect(text).toContain("Open the AI assistant chat");
    // It parses as a script on its own: nothing it needs is outside it.
    expect(() => new Function(text)).not.toThrow();
    const gzipped = gzipSync(Buffer.from(text)).byteLength;
    expect(gzipped).toBeLessThan(10 * 1024);
  });
});

describe("bubbleSnippet", () => {
  it("is one script line on the share's own site naming the share", () => {
    expect(bubbleSnippet({ shareUrl: "https://docs.example.com/shared/abc_123", shareId: "abc_123" })).toBe(
      '<script src="https://docs.example.com/embed.js" data-assistant="abc_123" data-position="right" data-color="#2563eb" async></script>',
    );
  });
});

describe("cookiesWithEmbedChoices", () => {
  it("puts the frame's language and theme in place of the cookies' own, and ignores anything else", () => {
    expect(cookiesWithEmbedChoices("NEXT_LOCALE=zh-TW; theme=light; a=b", new URLSearchParams("lang=en&theme=dark"))).toBe("a=b; NEXT_LOCALE=en; theme=dark");
    expect(cookiesWithEmbedChoices(null, new URLSearchParams("lang=en"))).toBe("NEXT_LOCALE=en");
    expect(cookiesWithEmbedChoices("a=b", new URLSearchParams("lang=fr&theme=blue"))).toBeNull();
    expect(cookiesWithEmbedChoices("a=b", new URLSearchParams(""))).toBeNull();
  });
});
