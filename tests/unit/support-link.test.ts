import { describe, expect, it } from "vitest";
import { supportLink } from "@/lib/support-link";

describe("supportLink", () => {
  it("opens the external donation page when SUPPORT_URL is set, and the product's /support page otherwise", () => {
    expect(supportLink("https://example.org/donate")).toEqual({ href: "https://example.org/donate", external: true });
    expect(supportLink(undefined)).toEqual({ href: "/support", external: false });
  });
});
