"use client";

import { MESSAGES_ATTRIBUTE } from "./chat-layout";
import { MessageBubble } from "./message-bubble";
import { ThinkingIndicator } from "./thinking-indicator";
import type { ChatMessage } from "@/lib/server/present/api-types";
import type { ReplyVote } from "./use-chat";

/**
 * The conversation's messages, the streaming reply or the thinking indicator. Its own module
 * because it carries the Markdown renderer and the link cards, which an empty chat (a new
 * visitor on a shared link) never needs: chat-conversation.tsx loads it on first use.
 */
export function MessageList({
  messages,
  streaming,
  sending,
  linkPreviews,
  onRate,
}: {
  messages: ChatMessage[];
  streaming: ChatMessage | null;
  sending: boolean;
  linkPreviews: boolean;
  /** Where a reply's vote goes; absent, replies are not rated (a public share keeps no conversation). */
  onRate?: (messageId: string, vote: ReplyVote) => Promise<ChatMessage>;
}) {
  // The streamed reply is one more item of the same list, under the key its stored copy keeps
  // (renderKey): when the stored copy comes it is the same element, not a new one.
  const shown = streaming && !messages.some((m) => m.renderKey === streaming.id) ? [...messages, streaming] : messages;
  return (
    <ol className="space-y-5 py-2" data-testid="message-list" {...{ [MESSAGES_ATTRIBUTE]: "" }}>
      {shown.map((m) => (
        <MessageBubble key={m.renderKey ?? m.id} message={m} linkPreviews={linkPreviews} onRate={m === streaming ? undefined : onRate} />
      ))}
      {!streaming && sending && <ThinkingIndicator />}
    </ol>
  );
}

// For the live region that speaks a finished reply (chat-conversation.tsx): it comes with this
// module, already loaded by the time there is a reply to speak.
export { spokenText } from "@/lib/chat/spoken-text";
