"use client";

import { useEffect, useRef } from "react";
import { ChatInput } from "./chat-input";
import { MessageBubble } from "./message-bubble";
import { SuggestionsPanel } from "./suggestions-panel";
import { ThinkingIndicator } from "./thinking-indicator";
import type { useChat } from "./use-chat";
import type { DraftImage } from "./types";

/**
 * The conversation and the bar under it, the same in normal and shared mode: messages (or the
 * empty state), the thinking indicator or the streaming reply, 您可能想問 and the input bar.
 */
export function ChatConversation({
  chat,
  emptyState,
  suggestions,
  onDismissSuggestions,
  onPickSuggestion,
  mobile,
  analyzeUrl,
  onSignInToSend,
}: {
  chat: ReturnType<typeof useChat>;
  emptyState: React.ReactNode;
  suggestions: string[];
  onDismissSuggestions: () => void;
  onPickSuggestion: (question: string) => void;
  mobile: boolean;
  analyzeUrl?: string;
  onSignInToSend?: (text: string, image: DraftImage | null) => void;
}) {
  const end = useRef<HTMLDivElement>(null);

  // Scroll to the newest message after every change, and as a reply streams in.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [chat.messages.length, chat.streaming?.content, chat.sending]);

  const busy = chat.sending || chat.clearing;
  const empty = !chat.loading && chat.messages.length === 0;

  return (
    <>
      <div className="flex-1">
        {empty ? (
          emptyState
        ) : (
          <ol className="space-y-5 py-2" aria-live="polite" data-testid="message-list">
            {chat.messages.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
            {chat.streaming ? <MessageBubble message={chat.streaming} /> : chat.sending && <ThinkingIndicator />}
          </ol>
        )}
        <div ref={end} />
      </div>
      <div className="sticky bottom-0 space-y-2 bg-background/95 pt-2 pb-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <SuggestionsPanel suggestions={suggestions} mobile={mobile} disabled={busy} onPick={onPickSuggestion} onDismiss={onDismissSuggestions} />
        <ChatInput busy={busy} mobile={mobile} onSend={(text, image) => chat.send(text, image)} analyzeUrl={analyzeUrl} onSignInToSend={onSignInToSend} />
      </div>
    </>
  );
}
