import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { ShareAssistantButton } from "@/components/share-admin/share-assistant-button";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";

// The header button is wired into the chat header elsewhere; this pins what it renders on its own.
function render(locale: "zh-TW" | "en") {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zhTW} timeZone="Asia/Taipei">
      <ShareAssistantButton assistantId="a1" className="extra" />
    </NextIntlClientProvider>,
  );
}

describe("ShareAssistantButton", () => {
  it("is an enabled icon button named for screen readers in the reader's language", () => {
    const zh = render("zh-TW");
    expect(zh).toMatch(/^<button[^>]*type="button"/);
    expect(zh).toContain('aria-label="分享為助手"');
    expect(zh).toContain('title="分享為助手"');
    expect(zh).toContain('data-testid="share-assistant-button"');
    expect(zh).toContain("extra");
    expect(zh).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(render("en")).toContain('aria-label="Share as assistant"');
  });
});
