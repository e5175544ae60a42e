// The conversation's layout classes (chat-conversation.tsx).
export const CHAT_LAYOUT = {
  region: "relative flex min-h-0 flex-1 flex-col",
  scroller: "min-h-0 flex-1 overflow-y-auto overscroll-contain",
  content: "mx-auto w-full max-w-3xl px-1 pb-4",
  lead: "pt-1 empty:hidden",
  followUps: "pt-2 empty:hidden",
} as const;

/** Marks the conversation's list of messages, whose items carry data-role (user or assistant): where use-newest-in-view.ts finds the newest exchange. */
export const MESSAGES_ATTRIBUTE = "data-messages";
