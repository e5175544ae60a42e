import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ReferralCard } from "@/components/account/referral-card";
import { fakeApi } from "../support/fake-api";
import { renderInLocale } from "../support/render";

// The account page says how a referral's trial is earned, in both languages: the friend's days at
// once, the inviter's once the friend has processed a document, and how often at most.

function answerSummary() {
  fakeApi({
    "GET /api/referrals": () => ({ body: { referralCode: "ABCD2345", inviteLink: "https://docs.example.com/auth?ref=ABCD2345", invitedCount: 2 } }),
    "GET /api/plan": () => ({ status: 404 }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("ReferralCard", () => {
  it("shows the rules for earning a trial in Chinese", async () => {
    answerSummary();
    renderInLocale(<ReferralCard />);
    expect(await screen.findByTestId("referral-code")).toBeTruthy();
    expect(screen.getByTestId("referral-rules").textContent).toBe("好友註冊後立即獲得 14 天試用；好友處理完第一份文件或提出第一個問題後，你才會獲得 14 天試用。每 90 天內最多可透過邀請獲得 3 次。");
  });

  it("and in English", async () => {
    answerSummary();
    renderInLocale(<ReferralCard />, { locale: "en" });
    expect(await screen.findByTestId("referral-code")).toBeTruthy();
    expect(screen.getByTestId("referral-rules").textContent).toBe(
      "Your friend gets 14 days of trial on registering; you get your 14 days once your friend has processed their first document or asked their first question. You can earn the trial this way at most 3 times in 90 days.",
    );
  });
});
