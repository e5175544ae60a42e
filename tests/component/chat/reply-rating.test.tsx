import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { ReplyRating } from "@/components/chat/reply-rating";
import type { ReplyVote } from "@/components/chat/use-chat";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

const reply: ChatMessage = { id: "r1", role: "assistant", content: "資源回收在週二與週四。", imageData: null, imageFileName: null, createdAt: "2026-12-01T08:00:00.000Z", isError: false, sources: [], rating: null, ratingComment: null };

/** Answers as the server does: the reply with the vote it now has. */
function server() {
  return vi.fn(async (id: string, vote: ReplyVote): Promise<ChatMessage> => ({ ...reply, id, rating: vote.rating, ratingComment: vote.rating ? (vote.comment ?? null) : null }));
}

describe("ReplyRating", () => {
  it("votes from the keyboard, says so in the live region, and presses the chosen thumb", async () => {
    const onRate = server();
    const { user } = renderInLocale(<ReplyRating message={reply} onRate={onRate} />, { locale: "en" });
    const up = screen.getByRole("button", { name: "Helpful" });
    const down = screen.getByRole("button", { name: "Not helpful" });
    expect(up.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("group", { name: "Rate this reply" }).contains(down)).toBe(true);

    await user.tab();
    expect(document.activeElement).toBe(up);
    await user.tab();
    expect(document.activeElement).toBe(down);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(down.getAttribute("aria-pressed")).toBe("true"));
    expect(up.getAttribute("aria-pressed")).toBe("false");
    expect(onRate).toHaveBeenLastCalledWith("r1", { rating: "down", comment: "" });
    expect(screen.getByRole("status").textContent).toBe("Thanks, your rating was saved");
  });

  it("sends an optional comment with the vote, and pressing the same thumb again takes the vote back", async () => {
    const onRate = server();
    const { user } = renderInLocale(<ReplyRating message={reply} onRate={onRate} />);
    await user.click(screen.getByRole("button", { name: "沒有幫助" }));
    const box = await screen.findByLabelText("哪裡對或不對？（選填）");
    await user.type(box, "沒有提到週六");
    await user.click(screen.getByRole("button", { name: "送出" }));
    await waitFor(() => expect(onRate).toHaveBeenLastCalledWith("r1", { rating: "down", comment: "沒有提到週六" }));
    expect(screen.getByRole("status").textContent).toBe("謝謝，已送出您的說明");
    expect(screen.queryByLabelText("哪裡對或不對？（選填）")).toBeNull();

    await user.click(screen.getByRole("button", { name: "沒有幫助" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "沒有幫助" }).getAttribute("aria-pressed")).toBe("false"));
    expect(onRate).toHaveBeenLastCalledWith("r1", { rating: null, comment: null });
    expect(screen.getByRole("status").textContent).toBe("已取消評價");
  });

  it("shows the vote the reader gave before, and says when a vote could not be saved, keeping it as it was", async () => {
    const onRate = vi.fn(async () => {
      throw new Error("offline");
    });
    const { user } = renderInLocale(<ReplyRating message={{ ...reply, rating: "up", ratingComment: "清楚" }} onRate={onRate} />, { locale: "en" });
    expect(screen.getByRole("button", { name: "Helpful" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Not helpful" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Your rating could not be saved. Please try again."));
    expect(screen.getByRole("button", { name: "Helpful" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Not helpful" }).getAttribute("aria-pressed")).toBe("false");
  });
});
