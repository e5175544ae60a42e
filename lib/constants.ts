// Every number the product's rules name (docs/rules/), in one place, each under one name.
// tests/unit/constants.test.ts pins them.

export const ROLES = ["admin", "manager", "user"] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ["free", "supporter"] as const;
export type Plan = (typeof PLANS)[number];
/** The plan that holds at a moment (lib/server/policies/effective-plan.ts): a stored plan, a trial, or the admin role. */
export const PLAN_KINDS = ["admin", "supporter", "trial", "free"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const LOCALES = ["zh-TW", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh-TW";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** Set when a reader dismisses the promotion banner, so the server draws the shared page without it too. */
export const PROMO_DISMISSED_COOKIE = "promoBannerDismissed";
export const LANGUAGE_STORAGE_KEY = "language";
export const THEME_STORAGE_KEY = "theme";
/** The reader's theme for the server, which draws <html> with it: the first frame is already in it. */
export const THEME_COOKIE = "theme";
/** The theme when neither the reader nor their system has chosen one (lib/theme.ts follows the system until the reader picks). */
export const DEFAULT_THEME = "light";

// Calendar days and months (upload quotas, check-ins) follow the product's home time zone.
export const APP_TIME_ZONE = "Asia/Taipei";

// Uploads and plans
export const UPLOAD_TIMEOUT_MS = 60_000;
export const FREE_MONTHLY_UPLOADS = 5;
export const FREE_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const SUPPORTER_MAX_FILE_BYTES = 30 * 1024 * 1024;
export const REFERRAL_TRIAL_DAYS = 14;
// A referral code is for new accounts: typed on an account older than this, it is refused (docs/rules/plans-and-referrals.md#referrals).
export const REFERRAL_MAX_ACCOUNT_AGE_DAYS = 30;
export const REFERRAL_CODE_MAX_LENGTH = 32;
// The inviter's trial days are earned once the invitee has used the product (a first processed
// document), and at most this many times in a period, so throwaway accounts cannot renew a trial.
export const REFERRAL_REWARDS_PER_PERIOD = 3;
export const REFERRAL_REWARD_PERIOD_DAYS = 90;

// Document processing checks after an upload
export const PROCESSING_CHECK_MAX_ATTEMPTS = 25;
export const PROCESSING_CHECK_FAST_ATTEMPTS = 5;
export const PROCESSING_CHECK_MEDIUM_ATTEMPTS = 10;
export const PROCESSING_CHECK_FAST_DELAY_MS = 1_000;
export const PROCESSING_CHECK_MEDIUM_DELAY_MS = 2_000;
export const PROCESSING_CHECK_SLOW_DELAY_MS = 3_000;
export const PROCESSING_RETRY_BASE_MS = 2_000;
export const PROCESSING_RETRY_FACTOR = 1.5;
export const PROCESSING_RETRY_MAX_EXPONENT = 6;
export const PROCESSING_RETRY_MAX_DELAY_MS = 10_000;
export const PROCESSING_PROGRESS_PER_ATTEMPT = 4;
export const PROCESSING_PROGRESS_CAP = 90;
export const PROCESSING_PROGRESS_SHOW_EVERY = 5;
export const DOCUMENT_LIST_REFRESH_MS = 10_000;
export const DOCUMENT_LIST_MIN_GAP_MS = 5_000;

// Chat
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CUSTOM_ICON_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOM_ICON_RECOMMENDED_WIDTH = 1200;
export const CUSTOM_ICON_RECOMMENDED_HEIGHT = 630;
export const MAX_INITIAL_QUESTIONS = 8;
export const SUGGESTION_HISTORY_MESSAGES = 6;
export const SUGGESTIONS_SHOWN_DESKTOP = 4;
export const SUGGESTIONS_SHOWN_MOBILE = 2;
export const BUBBLE_COLLAPSE_HEIGHT_PX = 300;
export const COPY_FEEDBACK_MS = 2_000;
export const TIMESTAMP_SHOW_MS = 3_000;
export const INPUT_MAX_HEIGHT_MOBILE_PX = 45;
export const INPUT_MAX_HEIGHT_DESKTOP_PX = 120;
export const IMAGE_PROGRESS_SIMULATED_CAP = 90;
export const LINK_TEXT_MAX_CHARS = 45;
export const LINK_TEXT_KEEP_CHARS = 42;
export const EXPORT_FORMATS = ["txt", "md", "html", "docx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
// An export holds at most the latest messages within these bounds (with a line saying so): a
// conversation of thousands of 4,000-character messages would be thousands of pages.
export const EXPORT_MAX_MESSAGES = 1_000;
export const EXPORT_MAX_CHARACTERS = 1_000_000;
// Images beyond this (the newest kept first) are named instead of shown.
export const EXPORT_MAX_IMAGE_BYTES = 40 * 1024 * 1024;
// PDF and Word are typeset in a worker thread with these budgets; more waiting than this is refused.
export const EXPORT_TIMEOUT_MS = 60_000;
export const EXPORT_MAX_MEMORY_MB = 512;
export const EXPORT_MAX_WAITING = 16;
// PDF and Word exports one person may have being made or waiting at once: past it, 429 with
// Retry-After, so one user cannot fill the shared pool (EXPORT_MAX_WAITING) for everyone else.
export const EXPORT_MAX_PER_USER = 2;
export const EXPORT_USER_RETRY_SECONDS = 10;
export const PREVIEW_STYLES = ["default", "compact", "minimal", "medium", "horizontal", "large"] as const;
export type PreviewStyle = (typeof PREVIEW_STYLES)[number];

// Layout
export const MOBILE_BREAKPOINT_PX = 768;

// Shared assistants
export const SHARED_LOAD_TIMEOUT_MS = 15_000;
export const SHARED_LOAD_TIMEOUT_LINE_MS = 8_000;
export const PENDING_MESSAGE_TTL_MS = 300_000;
export const PENDING_REPLAY_DELAY_MS = 1_500;
export const RELOAD_AFTER_AUTH_MS = 1_000;
export const POPUP_CLOSED_RECHECK_MS = 1_000;
export const MESSAGES_CACHE_REFRESH_THRESHOLD_MS = 2_000;
export const FORCED_REVEAL_MS = 5_000;
export const FORCED_REVEAL_LINE_MS = 3_000;
/** How long a question sent before the conversation could load waits for it (components/chat/use-chat.ts). */
export const SEND_WAITS_FOR_CHAT_MS = 15_000;
export const LINE_SHARED_LOAD_DELAY_MS = 300;
export const INAPP_LOAD_CHECKS_MS = [1_500, 3_000, 5_000] as const;
export const COPIED_LINK_FEEDBACK_MS = 2_000;
export const ACCESS_MODES = ["open", "google_required"] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];
export const PENDING_MESSAGE_STORAGE_KEY = "pendingMessage";
/** A guest session id as the page makes it (session_ + time + random) and the server accepts it. */
export const GUEST_SESSION_ID_PATTERN = /^session_[A-Za-z0-9_-]{6,120}$/;
/**
 * A share page framed by another site, where the browser keeps no guest-key cookie, holds the key
 * in memory instead and sends it in this header ("new" until the server has given it one).
 */
export const GUEST_KEY_HEADER = "x-guest-key";
// Visitor messages on share links, counted in the database so the limits hold across instances
// (docs/rules/sharing.md#visitor-limits): per address, per visitor conversation and per link, each a minute.
export const SHARE_MESSAGES_PER_IP_PER_MINUTE = 20;
export const SHARE_MESSAGES_PER_VISITOR_PER_MINUTE = 10;
export const SHARE_MESSAGES_PER_LINK_PER_MINUTE = 120;
// An owner's own messages: far above anyone typing, far below a script storing thousands (docs/rules/chat.md#sending-a-message).
export const OWN_MESSAGES_PER_USER_PER_MINUTE = 30;
/** Suggestions and image analyses a share's visitors may ask for, per address and per link. */
export const SHARE_SUGGESTIONS_PER_IP_PER_MINUTE = 30;
export const SHARE_SUGGESTIONS_PER_LINK_PER_MINUTE = 240;
export const SHARE_IMAGE_ANALYSES_PER_IP_PER_MINUTE = 10;
export const SHARE_IMAGE_ANALYSES_PER_LINK_PER_MINUTE = 60;
export const PENDING_REFERRAL_STORAGE_KEY = "pendingReferralCode";
/** Dispatched on window whenever a referral code is stored or cleared in this tab. */
export const PENDING_REFERRAL_EVENT = "pending-referral-changed";
// Sites an owner lets embed a share (<iframe>): each one origin (scheme, host, port), at most this
// many per share. The page's frame-ancestors list is looked up on each visit, kept per instance
// this long (another instance may serve a changed list for at most this long), for this many shares.
export const EMBED_ORIGINS_MAX = 10;
export const EMBED_ORIGIN_MAX_LENGTH = 200;
export const EMBED_ORIGINS_CACHE_MS = 5_000;
export const EMBED_ORIGINS_CACHE_ENTRIES = 1_000;

// Toast durations used across the product
export const TOAST_SHORT_MS = 2_000;
export const TOAST_DEFAULT_MS = 3_000;
export const TOAST_LONG_MS = 5_000;
export const TOAST_VERY_LONG_MS = 10_000;

// Accounts
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
// Password sign-in throttling, per (account, address) pair so that nobody can lock another person
// out: this many attempts are free, then each further one waits twice as long as the one before
// (30 s, 1 min, 2 min, …, at most 15 min). A pair's count is forgotten a day after its last attempt
// and cleared by a successful sign-in.
export const LOGIN_FREE_ATTEMPTS = 5;
export const LOGIN_BACKOFF_BASE_MS = 30_000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;
export const LOGIN_ATTEMPTS_FORGET_MS = 24 * 60 * 60_000;
// One address guessing across many accounts: failed attempts from it within the window, beyond
// which it gets 429. Generous, as an office or a carrier-grade NAT shares one address.
export const LOGIN_FAILURE_LIMIT_PER_IP = 50;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
// Accounts made from one address by signing up, and attempts at the first-run setup (an admin
// creating accounts is not counted).
export const REGISTRATIONS_PER_IP_PER_HOUR = 20;
export const TRIAL_SETUPS_PER_IP_PER_HOUR = 30;
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

// Daily check-in
export const CHECKIN_NOTE_MAX_LENGTH = 1_000;

// Feedback
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5_000;
export const FEEDBACK_SUBMIT_LIMIT_PER_IP = 10;
export const FEEDBACK_SUBMIT_WINDOW_MS = 60 * 60_000;

// Assistant settings (docs/rules/assistants.md#assistants)
export const ASSISTANT_NAME_MAX_LENGTH = 50;
export const ROLE_PROMPT_MAX_LENGTH = 4_000;

// Messages and model calls: bounds a user would expect, and a cap on cost (docs/rules/chat.md#answers)
export const MESSAGE_MAX_LENGTH = 4_000;
export const IMAGE_FILE_NAME_MAX_LENGTH = 255;
// Earlier turns given to the model with each question.
export const CHAT_HISTORY_TURNS = 10;
// Passages retrieved for each question and given to the model.
export const ANSWER_PASSAGES = 5;
export const AI_REPLY_TIMEOUT_MS = 60_000;
// A stream that stops sending for this long is cut off as a failure.
export const AI_CHUNK_TIMEOUT_MS = 20_000;
export const AI_MAX_OUTPUT_TOKENS = 1_500;
// The output-token cap an admin may set on the AI-service screen.
export const AI_OUTPUT_TOKENS_MIN = 16;
export const AI_OUTPUT_TOKENS_MAX = 32_000;
// How old a copy of the AI-service settings an instance may use: a change saved on one instance
// is in force on every other within this, well inside the 5 s an administrator may be kept waiting.
export const AI_SETTINGS_MAX_AGE_MS = 2_000;
// The admin's "test connection": one short real call, given this long.
export const AI_CONNECTION_TEST_TIMEOUT_MS = 10_000;
export const AI_CONNECTION_TEST_MAX_OUTPUT_TOKENS = 16;
export const AI_BASE_URL_MAX_LENGTH = 500;
export const AI_MODEL_NAME_MAX_LENGTH = 200;
export const AI_API_KEY_MAX_LENGTH = 500;
// Entries of the AI-service change log per page.
export const AI_SERVICE_AUDIT_PAGE_SIZE = 10;

// A share owner's view of visitors' conversations
export const SHARE_CONVERSATIONS_PAGE_SIZE = 20;
export const SHARE_CONVERSATION_SEARCH_MAX_LENGTH = 200;
// One conversation shows at most its latest messages; the export has them all.
export const SHARE_CONVERSATION_MESSAGES_MAX = 500;
// Rows read per round trip while an export streams.
export const SHARE_CONVERSATIONS_EXPORT_BATCH = 500;
export const SHARE_CONVERSATIONS_EXPORTS_PER_MINUTE = 10;
// Link previews one owner may ask for: each one fetches another site's page.
export const LINK_PREVIEWS_PER_USER_PER_MINUTE = 30;
/** Web pages added or fetched again a minute by one owner: each makes the server fetch someone else's page. */
export const WEB_PAGE_FETCHES_PER_USER_PER_MINUTE = 20;
// Decoding a 10 MB image can still mean a billion pixels; anything larger than this is refused
// from its header, before a pixel is decoded (docs/rules/security.md#uploads-and-parsing).
export const IMAGE_MAX_PIXELS = 40_000_000;

// Request bodies
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
// Multipart overhead allowed above the file size limit before a body is refused unread.
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

// Documents
export const DOCUMENT_NAME_MAX_LENGTH = 255;
export const BULK_DELETE_MAX = 100;
export const PARSE_TIMEOUT_MS = 60_000;
// Resident memory one parse process may reach before it is killed (the file then ends as "too
// complex"). A 30 MB text PDF, the supporter plan's largest, needs well under half of it.
export const PARSE_MAX_MEMORY_MB = 512;
// Memory the server may spend on parsing at once, all parse processes together, unless
// INGEST_MEMORY_MB says otherwise: room for two parses beside a server on a 2 GB machine.
export const INGEST_MEMORY_DEFAULT_MB = 1024;
export const INGEST_MEMORY_MIN_MB = 128;
/** Retrieval indexes one instance keeps in memory (MB): ~200 owners of 1,000 Chinese passages on a 1 GB host. */
export const RETRIEVAL_CACHE_DEFAULT_MB = 256;
export const RETRIEVAL_CACHE_MIN_MB = 16;
// A PDF's parse time: a base for opening it plus this much a page, never past PARSE_TIMEOUT_MS;
// a one-page file that spins is stopped after seconds, not a minute.
export const PARSE_BASE_TIME_MS = 10_000;
export const PARSE_PAGE_TIME_MS = 200;
// More pages than this and a PDF is refused as soon as it is open (the page tree says how many).
export const PDF_MAX_PAGES = 10_000;
// OCR (scanned PDF pages, photos): the most one page may take before it is left out with a note
// (about 2 s of processor time on a clean page here, several times that on a busy machine), and
// the most a whole document's reading may take, whatever its page count (about 500 clean pages).
export const OCR_PAGE_TIME_MS = 45_000;
export const OCR_TIMEOUT_MS = 30 * 60_000;
export const RETRIEVAL_DEFAULT_K = 5;

// E-mail campaigns and account mail: bounds a demanding user expects (docs/rules/email.md)
export const EMAIL_SUBJECT_MAX_LENGTH = 200;
export const EMAIL_BODY_MAX_LENGTH = 50_000;
/** Messages a minute a new campaign sends at; 0 means no throttle. */
export const EMAIL_DEFAULT_RATE_PER_MINUTE = 60;
export const EMAIL_MAX_RATE_PER_MINUTE = 100_000;
/** Days an audience's "signed up within" / "inactive for" may name. */
export const EMAIL_AUDIENCE_MAX_DAYS = 3_650;
export const EMAIL_PLAN_AUDIENCES = ["free", "supporter", "trial"] as const;
export type EmailPlanAudience = (typeof EMAIL_PLAN_AUDIENCES)[number];
export const EMAIL_CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "done", "cancelled"] as const;
export type EmailCampaignStatus = (typeof EMAIL_CAMPAIGN_STATUSES)[number];
export const EMAIL_RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;
export type EmailRecipientStatus = (typeof EMAIL_RECIPIENT_STATUSES)[number];
/** Attempts a recipient gets when the server answers 4xx or cannot be reached; 5xx fails at once. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** Wait before the next attempt after a temporary failure: doubled each time, capped. */
export const EMAIL_RETRY_BASE_MS = 30_000;
export const EMAIL_RETRY_MAX_MS = 10 * 60_000;
/** How often the progress screens ask for fresh figures while something is sending. */
export const EMAIL_PROGRESS_POLL_MS = 2_000;
/** Forgot-password links work once, for this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Reset links one address may ask for, and one client address may ask for, in the window. */
export const PASSWORD_RESET_PER_ADDRESS = 3;
export const PASSWORD_RESET_PER_IP = 10;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60_000;
/** New passwords set through a reset link (each names a token to guess), per client address in the window. */
export const PASSWORD_RESET_CONFIRMS_PER_IP = 30;
export const PASSWORD_RESET_CONFIRM_WINDOW_MS = 15 * 60_000;
/** Connections each process opens to the mail server at most (its senders share them). */
export const EMAIL_SMTP_CONNECTIONS = 8;
/** Draft edits are saved this long after the last keystroke (and kept in the browser meanwhile). */
export const EMAIL_DRAFT_SAVE_DELAY_MS = 800;

// Assistants made from documents: how many an owner may make, and their collections (named groups
// of documents) — enough for any team, few enough that one owner cannot weigh on the server.
export const ASSISTANTS_PER_OWNER_MAX = 100;
export const COLLECTIONS_PER_OWNER_MAX = 100;
export const COLLECTION_NAME_MAX_LENGTH = 60;
/** Documents or collections named in one request (a bulk change of the library, a knowledge set). */
export const KNOWLEDGE_IDS_MAX = 1_000;
/** Documents on one page of the file library: a thousand of them stay quick to draw and to scan. */
export const LIBRARY_PAGE_SIZE = 50;
/** Documents the knowledge picker draws at once; more come on asking, and searching narrows them. */
export const KNOWLEDGE_PICKER_BATCH = 100;

// A vote on a reply (thumbs up or down) may carry a short comment; votes are counted like messages.
export const RATING_COMMENT_MAX_LENGTH = 500;
export const RATINGS_PER_USER_PER_MINUTE = 30;
export const SHARE_RATINGS_PER_IP_PER_MINUTE = 20;
export const SHARE_RATINGS_PER_VISITOR_PER_MINUTE = 10;

// An assistant's insights: how many of each list the screen shows (the CSV holds the same), and
// how many distinct questions are read to join rewordings before the most asked are picked.
export const INSIGHTS_LIST_LIMIT = 50;
export const INSIGHTS_TOP_QUESTIONS = 20;
export const INSIGHTS_QUESTION_CANDIDATES = 500;
// An owner's written answers: how long each part may be, and how many one assistant keeps.
export const CURATED_QUESTION_MAX_LENGTH = 1_000;
export const CURATED_ANSWER_MAX_LENGTH = 4_000;
export const CURATED_ANSWERS_PER_ASSISTANT_MAX = 500;
// How long an owner may have an assistant's conversations kept before the daily job deletes them.
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3_650;

// The public API (/api/v1): keys an owner makes for one assistant, and how much each may ask.
/** Keys one assistant may have that are not revoked. */
export const API_KEYS_PER_ASSISTANT_MAX = 20;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Requests one key may make a minute (429 with Retry-After beyond); API_KEY_LIMIT_PER_MINUTE sets it. */
export const API_KEY_REQUESTS_PER_MINUTE = 60;
/** A key's last use is written at most this often, so a busy key does not rewrite its row on every call. */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;
/** Messages one chat completion may carry, and the characters of each. */
export const API_CHAT_MESSAGES_MAX = 100;
export const API_CHAT_MESSAGE_MAX_LENGTH = 8_000;
