import { describe, expect, it } from "vitest";
import { embedOriginIndex, embedSnippet } from "@/lib/share-admin/embed-snippet";

describe("the embed snippet", () => {
  it("frames the share's link, titled with its name", () => {
    expect(embedSnippet({ shareUrl: "https://docs.example.com/shared/AbC_12-xyz", name: "清運小幫手" })).toBe(
      '<iframe src="https://docs.example.com/shared/AbC_12-xyz" title="清運小幫手" width="400" height="640" style="border:0;max-width:100%" allow="clipboard-write" loading="lazy"></iframe>',
    );
  });

  it("escapes a name that would break out of its attribute", () => {
    const snippet = embedSnippet({ shareUrl: "https://x.example/shared/a", name: `"><script>alert('x')</script>&` });
    expect(snippet).toContain('title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"');
    expect(snippet).not.toContain("<script");
  });

  it("finds which origin a validation issue points at, from the server or the browser", () => {
    expect(embedOriginIndex("embedOrigins.2")).toBe(2);
    expect(embedOriginIndex(["embedOrigins", 0])).toBe(0);
    expect(embedOriginIndex([3])).toBe(3);
    expect(embedOriginIndex("embedOrigins")).toBeNull();
    expect(embedOriginIndex([])).toBeNull();
    expect(embedOriginIndex("name")).toBeNull();
  });
});
