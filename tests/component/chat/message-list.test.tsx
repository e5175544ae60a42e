import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { MessageList } from "@/components/chat/message-list";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

// While a reply streams it is a temporary message; when the server's stored copy comes it takes
// its place. Under the key the stored copy keeps (renderKey), the bubble stays the same element:
// a reader's focus or "show more" is not reset, and nothing is shown twice on the way.
const base = { imageData: null, imageFileName: null, createdAt: "2026-01-05T02:00:00.000Z", isError: false, sources: [] };
const question: ChatMessage = { ...base, id: "q1", role: "user", content: "拿破崙在哪一年過世？" };
const streamed: ChatMessage = { ...base, id: "temp-reply-c1", role: "assistant", content: "> 拿破崙三世於1873年", pending: true };
const stored: ChatMessage = { ...base, id: "r1", role: "assistant", content: "> 拿破崙三世於1873年過世。 [1]", renderKey: "temp-reply-c1" };

describe("the message list", () => {
  it("keeps the streamed reply's element when its stored copy replaces it, never showing both", () => {
    const { rerender } = renderInLocale(<MessageList messages={[question]} streaming={streamed} sending linkPreviews={false} />);
    const bubble = screen.getByTestId("message-assistant");
    expect(bubble.textContent).toContain("拿破崙三世於1873年");
    // The stored copy has arrived; the stream is not cleared yet.
    rerender(<MessageList messages={[question, stored]} streaming={streamed} sending linkPreviews={false} />);
    expect(screen.getAllByTestId("message-assistant")).toHaveLength(1);
    rerender(<MessageList messages={[question, stored]} streaming={null} sending={false} linkPreviews={false} />);
    const [after] = screen.getAllByTestId("message-assistant");
    expect(after).toBe(bubble);
    expect(after.textContent).toContain("過世。");
  });

  it("shows the thinking indicator while sending with nothing streamed yet, and not under a streaming reply", () => {
    const { rerender } = renderInLocale(<MessageList messages={[question]} streaming={null} sending linkPreviews={false} />);
    expect(screen.getByTestId("thinking").textContent).not.toBe("");
    rerender(<MessageList messages={[question]} streaming={streamed} sending linkPreviews={false} />);
    expect(screen.queryByTestId("thinking")).toBeNull();
  });
});
