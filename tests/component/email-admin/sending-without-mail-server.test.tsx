import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { CampaignSendPanel } from "@/components/email-admin/campaign-send-panel";
import { CampaignProgressCard } from "@/components/email-admin/campaign-progress-card";
import { MailServerCard } from "@/components/email-admin/mail-server-card";
import type { CampaignProgressView, MailSettingsView } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";
import { fakeApi } from "../support/fake-api";

// Without a mail server every way of sending is off and says why (with the way to set one), rather
// than asking "sent messages cannot be recalled" and then failing.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The control's reason: the text its aria-describedby points at. */
function reasonOf(control: HTMLElement) {
  const id = control.getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
}

const panel = (mailConfigured: boolean, saveNow = vi.fn(async () => true)) => (
  <CampaignSendPanel campaignId="c1" defaultTestAddress="admin@example.com" recipientCount={12} mailConfigured={mailConfigured} saveNow={saveNow} onScheduled={() => {}} />
);

describe("CampaignSendPanel", () => {
  it("without a mail server: test, send now and schedule are off, each with the reason and a way to set one; nothing is asked or sent", async () => {
    const seen = fakeApi(() => ({ status: 500, body: {} }));
    const saveNow = vi.fn(async () => true);
    const { user } = renderInLocale(panel(false, saveNow));
    for (const id of ["campaign-test-send", "campaign-send-now", "campaign-schedule"]) {
      const control = screen.getByTestId(id) as HTMLButtonElement;
      expect(control.disabled, id).toBe(true);
      expect(reasonOf(control), id).toBe("尚未設定郵件伺服器，所以無法寄送測試信、立即寄送或排程。 設定郵件伺服器");
    }
    for (const link of screen.getAllByRole("link", { name: "設定郵件伺服器" })) expect(link.getAttribute("href")).toBe("/admin/email-management");
    await user.click(screen.getByTestId("campaign-send-now"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(saveNow).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it("with a mail server: everything is on, and send now asks before sending", async () => {
    fakeApi(() => ({ status: 500, body: {} }));
    const { user } = renderInLocale(panel(true));
    for (const id of ["campaign-test-send", "campaign-send-now", "campaign-schedule"]) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled, id).toBe(false);
      expect(screen.getByTestId(id).getAttribute("aria-describedby"), id).toBeNull();
    }
    expect(screen.queryByTestId("no-mail-server-note")).toBeNull();
    await user.click(screen.getByTestId("campaign-send-now"));
    expect((await screen.findByRole("alertdialog")).textContent).toContain("寄出的信無法收回");
  });

  it("says why in English to an English reader", () => {
    renderInLocale(panel(false), { locale: "en" });
    expect(reasonOf(screen.getByTestId("campaign-send-now"))).toBe("No mail server is set up, so test messages, sending now and scheduling are off. Set up mail server");
  });
});

describe("MailServerCard", () => {
  const settings = (source: MailSettingsView["source"]): MailSettingsView => ({
    source,
    environmentConfigured: false,
    host: source ? "smtp.example.com" : "",
    allowPrivateNetwork: false,
    port: 587,
    security: "opportunistic",
    username: "",
    hasPassword: false,
    from: source ? "news@example.com" : "",
    welcomeMail: false,
  });

  it("offers the test message only once a server is set", () => {
    const { unmount } = renderInLocale(<MailServerCard settings={settings(null)} onChange={() => {}} defaultTestAddress="admin@example.com" />);
    const test = screen.getByTestId("server-test-send") as HTMLButtonElement;
    expect(test.disabled).toBe(true);
    expect(reasonOf(test)).toBe("設定郵件伺服器後才能寄送測試信。");
    unmount();
    renderInLocale(<MailServerCard settings={settings("settings")} onChange={() => {}} defaultTestAddress="admin@example.com" />);
    expect((screen.getByTestId("server-test-send") as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("CampaignProgressCard", () => {
  const paused: CampaignProgressView = {
    id: "c1",
    subject: "十月新功能",
    status: "paused",
    ratePerMinute: 60,
    totalCount: 3,
    counts: { queued: 2, sending: 0, sent: 0, failed: 1, skipped: 0 },
    currentRate: 0,
    etaSeconds: null,
    lastError: "no_mail_server",
    createdAt: "2026-12-01T00:00:00.000Z",
    updatedAt: "2026-12-01T01:00:00.000Z",
    startedAt: "2026-12-01T01:00:00.000Z",
    finishedAt: null,
  };

  it("a campaign stopped for lack of a server shows its state and why; resume and retry wait for a server, saying so", () => {
    const { unmount } = renderInLocale(<CampaignProgressCard campaign={paused} onChanged={async () => {}} mailConfigured={false} />);
    expect(screen.getByTestId("campaign-status").textContent).toBe("已暫停");
    expect(screen.getByTestId("paused-reason").textContent).toBe("寄送已自動暫停：沒有可用的郵件伺服器");
    for (const id of ["campaign-resume", "campaign-retry-failed"]) {
      const control = screen.getByTestId(id) as HTMLButtonElement;
      expect(control.disabled, id).toBe(true);
      expect(reasonOf(control), id).toBe("尚未設定郵件伺服器，所以無法繼續寄送或重試。 設定郵件伺服器");
    }
    // Cancelling needs no server.
    expect((screen.getByTestId("campaign-cancel") as HTMLButtonElement).disabled).toBe(false);
    unmount();

    renderInLocale(<CampaignProgressCard campaign={paused} onChanged={async () => {}} mailConfigured />);
    expect((screen.getByTestId("campaign-resume") as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId("no-mail-server-note")).toBeNull();
  });
});
