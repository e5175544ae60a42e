"use client";

import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ArrowDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MESSAGE_BOX_ID } from "@/components/layout/skip-link";
import { ChatInput } from "./chat-input";
import { SuggestionsPanel } from "./suggestions-panel";
import { CHAT_LAYOUT } from "./chat-layout";
import { useNewestInView } from "./use-newest-in-view";
import type { useChat } from "./use-chat";
import type { ChatMessage } from "@/lib/server/present/api-types";
import type { DraftImage } from "./types";

// The messages' code (the Markdown renderer, link cards) comes on first use: an empty chat, which
// is what a shared link's new visitor opens, does without it. The download starts once there is
// a message to show or the reader reaches for the input bar, so it is there by the time a
// question has been typed; a screen that expects a conversation calls preloadMessageList itself.
const loadMessageList = () => import("./message-list").then((m) => m.MessageList);
// `loading` gives it a Suspense boundary of its own: without one, the wait would suspend the
// nearest boundary above (the whole workspace, or the whole shared page) until the code arrived.
const MessageList = dynamic(loadMessageList, { loading: () => null });
export const preloadMessageList = () => void loadMessageList().catch(() => undefined);

/**
 * The conversation and the bar under it, the same in normal and shared mode: a scroll region of
 * its own with `lead` (the promotion banner) and the messages (or the empty state), the thinking
 * indicator or the streaming reply; under it the input bar. 您可能想問 stands above the input bar
 * while the conversation is empty (the opening questions); once it has started, in the
 * conversation under the newest reply, so that arriving, hiding while a question is sent and
 * coming back with the reply, it never changes the region's height or covers a reply. The parent
 * gives this a bounded height (a flex column that fills the screen).
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
  inputNotice,
  inputFootnote,
  linkPreviews = true,
  lead,
}: {
  chat: ReturnType<typeof useChat>;
  emptyState: React.ReactNode;
  suggestions: string[];
  onDismissSuggestions: () => void;
  onPickSuggestion: (question: string) => void;
  mobile: boolean;
  analyzeUrl?: string;
  onSignInToSend?: (text: string, image: DraftImage | null) => void;
  /** Shown instead of the input bar when nobody can send here (a share whose sign-in is unavailable). */
  inputNotice?: React.ReactNode;
  /** One line under the input bar (a share's visitors are told the owner can read the conversation). */
  inputFootnote?: React.ReactNode;
  /** Links in messages as fetched preview cards (the workspace's); false shows them as bare links. */
  linkPreviews?: boolean;
  /** At the top of the conversation, scrolling away with it rather than taking its room (the promotion banner). */
  lead?: React.ReactNode;
}) {
  const t = useTranslations("chat");
  const last = chat.messages.at(-1);
  const { scroller, content, readerAway, toBottom } = useNewestInView({
    count: chat.messages.length,
    lastSentByReader: last?.pending && last.role === "user" ? last.id : null,
  });

  const announcement = useFinishedReply(chat.messages, chat.loading);
  const busy = chat.sending || chat.clearing;
  const bar = useRef<HTMLDivElement>(null);
  const empty = !chat.loading && chat.messages.length === 0;
  const started = chat.messages.length > 0;
  const focusMessageBox = () => bar.current?.querySelector("textarea")?.focus();
  const suggestionsPanel = (
    <SuggestionsPanel
      suggestions={suggestions}
      mobile={mobile}
      disabled={busy}
      onPick={(question) => {
        // The picked question's button goes with the panel: a keyboard user continues in the
        // message box rather than at the top of the page (a tap leaves focus, and the phone's keyboard, alone).
        const fromKeyboard = usingKeyboard();
        onPickSuggestion(question);
        if (fromKeyboard) focusMessageBox();
      }}
      onDismiss={onDismissSuggestions}
    />
  );

  return (
    <>
      <div className={CHAT_LAYOUT.region}>
        {/* Busy while the earlier conversation loads: assistive technology waits for it (and so do tests). */}
        <div ref={scroller} className={CHAT_LAYOUT.scroller} aria-busy={chat.loading || undefined} data-testid="conversation-scroll">
          <div ref={content} className={CHAT_LAYOUT.content}>
            {lead ? <div className={CHAT_LAYOUT.lead}>{lead}</div> : null}
            {empty ? (
              emptyState
            ) : started || chat.sending ? (
              <MessageList messages={chat.messages} streaming={chat.streaming} sending={chat.sending} linkPreviews={linkPreviews} onRate={chat.rate} />
            ) : null}
            {/* Follow-ups belong to the reply above them; none while the next question is on its way. */}
            {started && !chat.sending ? <div className={CHAT_LAYOUT.followUps}>{suggestionsPanel}</div> : null}
          </div>
        </div>
        {/* Screen readers hear each finished reply once, not every streamed piece of it. */}
        <div className="sr-only" aria-live="polite" data-testid="reply-announcement">
          {announcement}
        </div>
        {readerAway && !empty && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              // The button goes once the newest message is in view: from the keyboard, carry on in the message box.
              const fromKeyboard = usingKeyboard();
              toBottom(window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");
              if (fromKeyboard) focusMessageBox();
            }}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-background/95 shadow-md"
            data-testid="jump-to-newest"
          >
            <ArrowDown />
            {t("jumpToNewest")}
          </Button>
        )}
      </div>
      {/* No box of its own: the opening questions, which arrive after the page has painted, come in
          as new content above an input bar that stays where it was, rather than growing one box
          whose top edge then jumps (a layout shift). The negative margin keeps the panel as close
          to the bar as the column's gap would otherwise not allow. */}
      <div ref={bar} className="contents" onFocusCapture={preloadMessageList} onPointerDownCapture={preloadMessageList}>
        {started ? null : <div className="mx-auto -mb-2 w-full max-w-3xl shrink-0 pt-2 empty:hidden">{suggestionsPanel}</div>}
        <div id={MESSAGE_BOX_ID} className="mx-auto w-full max-w-3xl shrink-0 space-y-2 pt-2">
          {inputNotice ?? <ChatInput busy={busy} mobile={mobile} onSend={(text, image, onUnsent) => chat.send(text, image, { onUnsent })} analyzeUrl={analyzeUrl} onSignInToSend={onSignInToSend} />}
          {inputFootnote && !inputNotice ? inputFootnote : null}
        </div>
      </div>
    </>
  );
}

/** Whether the focused control was reached from the keyboard (a tap leaves focus, and a phone's keyboard, alone). */
function usingKeyboard(): boolean {
  return !!document.activeElement?.matches(":focus-visible");
}

/** The text of the newest reply that arrived while the page was open (not the history it loaded with). */
function useFinishedReply(messages: ChatMessage[], loading: boolean): string {
  const [text, setText] = useState("");
  const seen = useRef<string | null | undefined>(undefined);
  const last = messages.at(-1);
  useEffect(() => {
    if (loading) return;
    const id = last?.id ?? null;
    // The first settled list is history: remember where it ends, announce nothing.
    if (seen.current === undefined) seen.current = id;
    if (!last || id === seen.current) return;
    seen.current = id;
    if (last.role !== "assistant" || last.pending) return;
    // Said as words, not Markdown; the speaking waits on the messages' module, which is there by now.
    const reply = last.content;
    void import("./message-list")
      .then(({ spokenText }) => setText(spokenText(reply)))
      .catch(() => setText(reply));
  }, [last, loading]);
  return text;
}
