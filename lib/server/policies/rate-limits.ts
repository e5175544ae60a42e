import "server-only";
import {
  FEEDBACK_SUBMIT_LIMIT_PER_IP,
  FEEDBACK_SUBMIT_WINDOW_MS,
  LINK_PREVIEWS_PER_USER_PER_MINUTE,
  LOGIN_FAILURE_LIMIT_PER_IP,
  LOGIN_FAILURE_WINDOW_MS,
  PASSWORD_RESET_CONFIRM_WINDOW_MS,
  PASSWORD_RESET_CONFIRMS_PER_IP,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_IP,
  PASSWORD_RESET_WINDOW_MS,
  RATINGS_PER_USER_PER_MINUTE,
  SHARE_RATINGS_PER_IP_PER_MINUTE,
  SHARE_RATINGS_PER_VISITOR_PER_MINUTE,
  REGISTRATIONS_PER_IP_PER_HOUR,
  SHARE_CONVERSATIONS_EXPORTS_PER_MINUTE,
  SHARE_IMAGE_ANALYSES_PER_IP_PER_MINUTE,
  SHARE_IMAGE_ANALYSES_PER_LINK_PER_MINUTE,
  SHARE_SUGGESTIONS_PER_IP_PER_MINUTE,
  SHARE_SUGGESTIONS_PER_LINK_PER_MINUTE,
  TRIAL_SETUPS_PER_IP_PER_HOUR,
  WEB_PAGE_FETCHES_PER_USER_PER_MINUTE,
} from "@/lib/constants";
import { env } from "@/lib/env";
import type { User } from "@/lib/server/db/schema";

// Every rate limit of the API, in one table: whose requests each counts together, how many in
// which window, and the route that declares it on route({ limit }). The route wrapper counts them
// in the database (so a limit holds across instances) and answers 429 with Retry-After beyond one;
// tests/unit/rate-limits.test.ts fails when a route named here no longer declares its limit.
//
// Limits of another kind, not counted in a window, live with what they limit:
// - a password sign-in's back-off per (account, address) pair, doubling with each failure
//   (queries/login-attempts.ts, LOGIN_FREE_ATTEMPTS and LOGIN_BACKOFF_* in lib/constants.ts);
// - a plan's uploads a month and largest file (policies/upload-limits.ts);
// - how many documents parse at once (policies/ingest-capacity.ts);
// - assistants and collections per owner (ASSISTANTS_PER_OWNER_MAX and beside it);
// - a campaign's sending rate (its ratePerMinute, EMAIL_MAX_RATE_PER_MINUTE).

/**
 * Whose requests count together:
 * - user: each signed-in caller's (a signed-out caller is not counted);
 * - ip: each client address's;
 * - email: each e-mail address the request is about;
 * - visitor: each visitor of one share link (signed in, a guest session, or else an address);
 * - link: each share link's, all its visitors together;
 * - key: each API key's (the public API).
 */
export type LimitSubject = "user" | "ip" | "email" | "visitor" | "link" | "key";

/**
 * What only the handler knows, named when it counts: the share link opened, its visitor, the
 * e-mail address asked about.
 */
export interface LimitSubjects {
  /** The API key's id, which the route wrapper knows once it has checked the key. */
  key?: string;
  email?: string;
  visitor?: string;
  link?: string;
}

/** Counts the route's declared limits with the subjects only its handler knows; 429 at the first exceeded. */
export type CountLimit = (subjects: LimitSubjects) => Promise<void>;

export interface RateLimit {
  /** Names the counter: the start of its key. Limits a route counts together may share it. */
  name: string;
  per: LimitSubject;
  /** A function is read per request, so a configured value (env) and a test's change both apply. */
  max: number | (() => number);
  windowMs: number;
  /** The environment variable that sets `max` (README, Configuration). */
  env?: string;
  /** Callers the limit does not apply to (an admin creating accounts). */
  exempt?: (user: User | null) => boolean;
  /** Only failed attempts count: a request the handler answers gives its count back. */
  failuresOnly?: boolean;
  /** The refusal's message when it says more than "too many requests" (a key under "errors"). */
  messageKey?: string;
  /** "METHOD /api/path" of each route that declares it, as its folder under app/ names it. */
  routes: readonly string[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A route's limits are one entry, or several counted together in order (one database round trip;
 * a caller over its own limit uses up none after it). Limits per user or address are counted by
 * the route wrapper once the input is checked; a group with a share link, a visitor or an e-mail
 * address is counted when the handler calls countLimit with them, after the checks that must come
 * first (the share exists and the visitor may use it; mail can go out), so a refused request is
 * not counted.
 */
export const RATE_LIMITS = {
  ownMessages: { name: "messages", per: "user", max: () => env.MESSAGE_LIMIT_PER_USER_PER_MINUTE, windowMs: MINUTE, env: "MESSAGE_LIMIT_PER_USER_PER_MINUTE", routes: ["POST /api/messages"] },
  linkPreviews: { name: "link-preview", per: "user", max: LINK_PREVIEWS_PER_USER_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/link-preview"] },
  // Adding a web page and fetching one again count together: each is a fetch of someone else's page.
  webPageFetches: { name: "web-page", per: "user", max: WEB_PAGE_FETCHES_PER_USER_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/documents/web-page", "POST /api/documents/[id]/refresh"] },
  shareConversationExports: { name: "share-conversations-export", per: "user", max: SHARE_CONVERSATIONS_EXPORTS_PER_MINUTE, windowMs: MINUTE, routes: ["GET /api/shared-assistants/[id]/conversations/export"] },

  // Visitors of a share link: the owner's account pays for their answers.
  shareMessagesPerIp: { name: "share-msg", per: "ip", max: () => env.SHARE_LIMIT_PER_IP_PER_MINUTE, windowMs: MINUTE, env: "SHARE_LIMIT_PER_IP_PER_MINUTE", routes: ["POST /api/shared-assistants/[id]/messages"] },
  shareMessagesPerVisitor: { name: "share-msg", per: "visitor", max: () => env.SHARE_LIMIT_PER_VISITOR_PER_MINUTE, windowMs: MINUTE, env: "SHARE_LIMIT_PER_VISITOR_PER_MINUTE", routes: ["POST /api/shared-assistants/[id]/messages"] },
  shareMessagesPerLink: { name: "share-msg", per: "link", max: () => env.SHARE_LIMIT_PER_LINK_PER_MINUTE, windowMs: MINUTE, env: "SHARE_LIMIT_PER_LINK_PER_MINUTE", routes: ["POST /api/shared-assistants/[id]/messages"] },
  // Only on a share (a shareId in the request): an owner's own workspace is not counted.
  shareSuggestionsPerIp: { name: "share-suggest", per: "ip", max: SHARE_SUGGESTIONS_PER_IP_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/ai-suggestions", "POST /api/initial-questions"] },
  shareSuggestionsPerLink: { name: "share-suggest", per: "link", max: SHARE_SUGGESTIONS_PER_LINK_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/ai-suggestions", "POST /api/initial-questions"] },
  shareImageAnalysesPerIp: { name: "share-image", per: "ip", max: SHARE_IMAGE_ANALYSES_PER_IP_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/analyze-image"] },
  shareImageAnalysesPerLink: { name: "share-image", per: "link", max: SHARE_IMAGE_ANALYSES_PER_LINK_PER_MINUTE, windowMs: MINUTE, routes: ["POST /api/analyze-image"] },

  // Votes on replies: counted like messages, an owner's own per user, a share's visitors' per address and per visitor.
  ownRatings: { name: "rating", per: "user", max: RATINGS_PER_USER_PER_MINUTE, windowMs: MINUTE, routes: ["PUT /api/messages/[id]/rating"] },
  shareRatingsPerIp: { name: "share-rating", per: "ip", max: SHARE_RATINGS_PER_IP_PER_MINUTE, windowMs: MINUTE, routes: ["PUT /api/shared-assistants/[id]/messages/[messageId]/rating"] },
  shareRatingsPerVisitor: { name: "share-rating", per: "visitor", max: SHARE_RATINGS_PER_VISITOR_PER_MINUTE, windowMs: MINUTE, routes: ["PUT /api/shared-assistants/[id]/messages/[messageId]/rating"] },

  // Accounts.
  loginFailuresPerIp: { name: "login-fail", per: "ip", max: LOGIN_FAILURE_LIMIT_PER_IP, windowMs: LOGIN_FAILURE_WINDOW_MS, failuresOnly: true, messageKey: "too_many_login_attempts", routes: ["POST /api/login"] },
  registrations: { name: "register", per: "ip", max: REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR, exempt: (user) => user?.role === "admin", routes: ["POST /api/register"] },
  trialSetups: { name: "trial-setup", per: "ip", max: TRIAL_SETUPS_PER_IP_PER_HOUR, windowMs: HOUR, routes: ["POST /api/trial-setup"] },
  passwordResetsPerIp: { name: "password-reset", per: "ip", max: PASSWORD_RESET_PER_IP, windowMs: PASSWORD_RESET_WINDOW_MS, routes: ["POST /api/password-reset"] },
  passwordResetsPerEmail: { name: "password-reset", per: "email", max: PASSWORD_RESET_PER_ADDRESS, windowMs: PASSWORD_RESET_WINDOW_MS, routes: ["POST /api/password-reset"] },
  passwordResetConfirms: { name: "password-reset-confirm", per: "ip", max: PASSWORD_RESET_CONFIRMS_PER_IP, windowMs: PASSWORD_RESET_CONFIRM_WINDOW_MS, routes: ["POST /api/password-reset/confirm"] },

  feedback: { name: "feedback", per: "ip", max: FEEDBACK_SUBMIT_LIMIT_PER_IP, windowMs: FEEDBACK_SUBMIT_WINDOW_MS, routes: ["POST /api/feedback"] },

  // The public API: each key's own requests, whatever address they come from.
  apiKeyRequests: { name: "api-key", per: "key", max: () => env.API_KEY_LIMIT_PER_MINUTE, windowMs: MINUTE, env: "API_KEY_LIMIT_PER_MINUTE", routes: ["POST /api/v1/chat/completions", "GET /api/v1/models", "GET /api/v1/models/[id]"] },
} as const satisfies Record<string, RateLimit>;

/** Subjects a route wrapper cannot know before the handler runs. */
export const countedByHandler = (limit: RateLimit) => limit.per === "email" || limit.per === "visitor" || limit.per === "link";
