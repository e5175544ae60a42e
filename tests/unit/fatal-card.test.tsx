import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import GlobalError from "@/app/global-error";

describe("fatal startup card", () => {
  it("is a static card titled 載入錯誤 with a reload button, needing no providers", () => {
    const html = renderToStaticMarkup(<GlobalError />);
    expect(html).toContain("<h1");
    expect(html).toContain("載入錯誤");
    expect(html).toContain("重新載入");
    expect(html).toMatch(/<button[^>]*type="button"/);
    expect(html).toContain('data-testid="fatal-error-card"');
  });
});
