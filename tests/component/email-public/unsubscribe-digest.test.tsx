import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { UnsubscribeScreen } from "@/components/email-public/unsubscribe-screen";
import { fakeApi } from "../support/fake-api";
import { renderInLocale } from "../support/render";

// The weekly digest's stop link opens the unsubscribe page in the digest's own words, and its
// confirm and undo name the digest's list.

afterEach(() => vi.unstubAllGlobals());

describe("UnsubscribeScreen for the weekly digest", () => {
  it("says what stops, stops the digest's list, and undoes it (en)", async () => {
    const seen = fakeApi(() => ({ body: { ok: true, test: false } }));
    const { user } = renderInLocale(<UnsubscribeScreen token="u1.sig" topic="digest" initial={{ kind: "user", email: "owner@example.com", subscribed: true }} />, { locale: "en" });
    expect(screen.getByRole("status").textContent).toBe("Stop the weekly insights digest");
    await user.click(screen.getByRole("button", { name: "Stop the digest" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("The weekly digest is stopped"));
    await user.click(screen.getByRole("button", { name: "Turn the weekly digest on again" }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[0]).toMatchObject({ method: "POST", path: "/api/email/unsubscribe", query: "?token=u1.sig&topic=digest" });
    expect(seen[1]).toMatchObject({ method: "POST", path: "/api/email/resubscribe", body: { token: "u1.sig", topic: "digest" } });
  });

  it("in Chinese", () => {
    fakeApi(() => ({ body: {} }));
    renderInLocale(<UnsubscribeScreen token="u1.sig" topic="digest" initial={{ kind: "user", email: "owner@example.com", subscribed: true }} />);
    expect(screen.getByRole("status").textContent).toBe("停止每週洞察摘要");
    expect(screen.getByRole("button", { name: "確認停止" })).toBeTruthy();
  });
});
