import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ChatConversation } from "@/components/chat/chat-conversation";
import type { useChat } from "@/components/chat/use-chat";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { AppHeader } from "@/components/layout/app-header";
import { SharedHeader } from "@/components/share-visitor/shared-header";
import { renderInLocale } from "../support/render";
import { setLocation } from "../support/navigation";

// With a long conversation, the message box is many Tab presses away (86 with 15 exchanges): on
// the chat screens, the owner's and a share's, the first Tab stop is a link that puts focus in it.

const EXCHANGES = 15;

function message(n: number, role: ChatMessage["role"]): ChatMessage {
  return { id: `m${n}`, role, content: role === "user" ? `問題 ${n}` : `回覆 ${n}，請參考 https://example.org/${n}`, imageData: null, imageFileName: null, createdAt: "2026-12-01T08:00:00.000Z", isError: false, sources: [] };
}

function conversation(): ReturnType<typeof useChat> {
  const messages = Array.from({ length: EXCHANGES * 2 }, (_, i) => message(i, i % 2 === 0 ? "user" : "assistant"));
  const idle = vi.fn(async () => null);
  return { messages, rate: undefined, loading: false, ready: true, sending: false, streaming: null, refreshing: false, clearing: false, send: idle, refresh: vi.fn(async () => {}), clear: vi.fn(async () => true) };
}

function Chat() {
  return (
    <main id="main">
      <ChatConversation chat={conversation()} emptyState={null} suggestions={["資源回收是哪幾天？"]} onDismissSuggestions={() => {}} onPickSuggestion={() => {}} mobile={false} linkPreviews={false} />
    </main>
  );
}

/** From the page's start: Tab once reaches the link, past nothing; Enter puts focus in the message box, past the conversation. */
async function expectFirstStopSkipsToMessageBox(user: ReturnType<typeof renderInLocale>["user"]) {
  // The conversation's buttons are there (copy, per message), between the header and the box.
  await screen.findAllByTestId("copy-message");
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole("link", { name: "跳至訊息輸入框" }));
  await user.keyboard("{Enter}");
  expect(document.activeElement).toBe(screen.getByTestId("message-input"));
}

describe("skip to the message box", () => {
  it("is the first Tab stop of the owner's chat, and puts focus in the message box past the whole conversation", async () => {
    setLocation("/");
    const { user } = renderInLocale(
      <>
        <AppHeader workspaceForEveryone={false} />
        <Chat />
      </>,
    );
    await expectFirstStopSkipsToMessageBox(user);
  });

  it("is in the reader's language", async () => {
    setLocation("/");
    const { user } = renderInLocale(<AppHeader workspaceForEveryone={false} />, { locale: "en" });
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Skip to the message box");
  });

  it("is not offered where there is no chat: the workspace's other tabs, other pages", async () => {
    for (const path of ["/?tab=files", "/account"]) {
      setLocation(path);
      const { user, unmount } = renderInLocale(<AppHeader workspaceForEveryone={false} />);
      expect(screen.queryByTestId("skip-to-message-box")).toBeNull();
      await user.tab();
      expect(document.activeElement?.textContent).toBe("跳至主要內容");
      unmount();
    }
  });

  it("is the first Tab stop of a share's page once its chat shows, and puts focus in the message box", async () => {
    setLocation("/shared/abc");
    const { user } = renderInLocale(
      <>
        <SharedHeader name="資源回收小幫手" shareId="abc" googleEnabled={false} hideSignIn={false} support={{ href: "/support", external: false }} chatShown />
        <Chat />
      </>,
    );
    await expectFirstStopSkipsToMessageBox(user);
  });

  it("is not offered while a share's page is still loading or failed", () => {
    setLocation("/shared/abc");
    renderInLocale(<SharedHeader name="資源回收小幫手" shareId="abc" googleEnabled={false} hideSignIn={false} support={{ href: "/support", external: false }} chatShown={false} />);
    expect(screen.queryByTestId("skip-to-message-box")).toBeNull();
  });
});
