// The shared page's layout classes (shared-assistant-app.tsx, shared-chat.tsx, shared-empty-state.tsx).
export const SHARED_LAYOUT = {
  // The window's height exactly: the conversation scrolls inside its own region (ChatConversation)
  // while the header and the input stay in view; the loading and error states scroll in main.
  page: "flex h-dvh flex-col",
  main: "flex min-h-0 w-full flex-1 flex-col overflow-y-auto px-3 pt-3 pb-2 sm:px-4 sm:pt-4 sm:pb-3",
  chat: "flex min-h-0 flex-1 flex-col gap-2",
  notices: "mx-auto w-full max-w-3xl shrink-0 space-y-2 empty:hidden",
  emptyState: "mx-auto max-w-3xl py-4 text-center sm:py-6",
} as const;
