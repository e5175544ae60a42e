import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { EmailPreferencesCard } from "@/components/account/email-preferences-card";
import { fakeApi } from "../support/fake-api";
import { renderInLocale } from "../support/render";

// /account: campaigns and the weekly insights digest are two switches, each changing only its own
// list, named in the reader's language.

afterEach(() => vi.unstubAllGlobals());

function preferencesServer() {
  const stored = { campaigns: true, insightsDigest: true };
  return fakeApi({
    "GET /api/user/email-preferences": () => ({ body: stored }),
    "PUT /api/user/email-preferences": (r) => {
      Object.assign(stored, r.body);
      return { body: stored };
    },
  });
}

describe("EmailPreferencesCard", () => {
  it("stops the weekly digest alone, in Chinese", async () => {
    const seen = preferencesServer();
    const { user } = renderInLocale(<EmailPreferencesCard />);
    const digest = await screen.findByRole("switch", { name: "每週洞察摘要" });
    await waitFor(() => expect(digest.getAttribute("aria-checked")).toBe("true"));
    expect(screen.getByText("每週寄一封信，列出您的助理沒有答案或被按倒讚的問題；沒有新問題的那一週不寄。")).toBeTruthy();
    await user.click(digest);
    await waitFor(() => expect(seen.filter((r) => r.method === "PUT")).toEqual([expect.objectContaining({ body: { insightsDigest: false } })]));
    await waitFor(() => expect(digest.getAttribute("aria-checked")).toBe("false"));
    expect(screen.getByRole("switch", { name: "接收電子報" }).getAttribute("aria-checked")).toBe("true");
  });

  it("and is named in English", async () => {
    preferencesServer();
    renderInLocale(<EmailPreferencesCard />, { locale: "en" });
    expect(await screen.findByRole("switch", { name: "Weekly insights digest" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Receive e-mails" })).toBeTruthy();
  });
});
