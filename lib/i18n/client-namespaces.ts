import type { Messages } from "./locale";

// Which parts of the message catalogue each kind of page sends to the browser. Every page used to
// carry the whole catalogue (both admin consoles' strings included) in its HTML; now each gets the
// namespaces its client code can read. tests/unit/client-namespaces.test.ts reads the source to
// check every list covers what its pages use, so a newly read namespace fails there, not in
// a visitor's browser.

export type Namespace = keyof Messages;

/** The root layout's own client parts: providers, the error and not-found screens. */
export const ROOT_NAMESPACES = ["auth", "fatal", "referrals"] as const satisfies readonly Namespace[];

/** /shared/{shareId}: the visitor's chat. */
export const SHARED_PAGE_NAMESPACES = ["app", "auth", "chat", "language", "nav", "shared", "theme", "webPages"] as const satisfies readonly Namespace[];

/** Every page in the app shell that is not the staff console: the workspace, account and public pages. */
export const SHELL_NAMESPACES = [
  "account",
  "apiKeys",
  "app",
  "assistantSettings",
  "assistants",
  "auth",
  "chat",
  "common",
  "documents",
  "errors",
  "feedbackPage",
  "home",
  "insights",
  "language",
  "library",
  "linkPreview",
  "nav",
  "passwordReset",
  "planStatus",
  "referrals",
  "roles",
  "shareConversations",
  "shares",
  "theme",
  "trialSetup",
  "unsubscribe",
  "validation",
  "webPages",
  "workspace",
  "workspaceAccess",
] as const satisfies readonly Namespace[];

/**
 * What a page-level provider sends: its own namespaces and the root's, because the error and
 * not-found screens can render inside it.
 */
export function pageMessages(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return pickMessages(messages, [...new Set([...ROOT_NAMESPACES, ...namespaces])]);
}

export function pickMessages(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]])) as Partial<Messages>;
}
