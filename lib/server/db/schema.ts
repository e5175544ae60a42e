// No "server-only" marker here: drizzle-kit loads this file outside Next to generate migrations.

import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Locale } from "../../constants";

// One schema for the whole product (PGlite and PostgreSQL alike). Ids are text UUIDs made by
// the database so rows can be created from any instance without coordination.

const id = () =>
  text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    displayName: text("display_name").notNull(),
    role: text("role", { enum: ["admin", "manager", "user"] }).notNull().default("user"),
    plan: text("plan", { enum: ["free", "supporter"] }).notNull().default("free"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    // An admin's supporter grant ends here (the first instant it no longer holds); null: no end.
    // Only meaningful with plan "supporter"; an ended grant reads as free without any job running.
    supporterUntil: timestamp("supporter_until", { withTimezone: true }),
    referralCode: text("referral_code").notNull(),
    referredById: text("referred_by_id"),
    googleSub: text("google_sub"),
    locale: text("locale"),
    // Set when the user unsubscribes from campaigns (a link in any campaign, or /account).
    emailUnsubscribedAt: timestamp("email_unsubscribed_at", { withTimezone: true }),
    // Set when the user stops the weekly digest of their assistants' unanswered and thumbs-down
    // questions (its own link, or /account); campaigns are a separate choice.
    insightsDigestStoppedAt: timestamp("insights_digest_stopped_at", { withTimezone: true }),
    disabled: boolean("disabled").notNull().default(false),
    // Bumped to end every session of the user (disable, password change, role change).
    sessionVersion: integer("session_version").notNull().default(0),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    index("users_role_idx").on(t.role),
    // The admin dashboard counts sign-ups per day.
    index("users_created_idx").on(t.createdAt),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull(),
    kind: text("kind", { enum: ["pdf", "docx", "txt", "md", "html", "xlsx", "pptx", "csv", "jpg", "png", "webp"] }).notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    contentHash: text("content_hash").notNull(),
    pageCount: integer("page_count"),
    chunkCount: integer("chunk_count").notNull().default(0),
    status: text("status", { enum: ["processing", "processed", "error"] }).notNull().default("processing"),
    errorReason: text("error_reason"),
    // OCR of scans and photos: the page being read while processing, the pages no text could be
    // read from once done (left out with a note rather than failing the document).
    ocr: jsonb("ocr").$type<{ page?: number; pages?: number; unreadablePages?: number[] }>(),
    // Idempotency: the same upload retried with the same client id creates one row.
    clientId: text("client_id"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
    // A document added from a web address: the address, and when the stored copy was fetched.
    sourceUrl: text("source_url"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  },
  (t) => [
    index("documents_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("documents_user_client_key").on(t.userId, t.clientId),
    // The admin dashboard: uploads per day, and documents that failed.
    index("documents_created_idx").on(t.createdAt),
    index("documents_status_idx").on(t.status, t.createdAt),
  ],
);

export const documentChunks = pgTable(
  "document_chunks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    content: text("content").notNull(),
    pageStart: integer("page_start"),
    pageEnd: integer("page_end"),
    // Where in the content each later page begins, so a quote cites the page it is on; null for
    // passages on one page and for those stored before it was kept (cited by their whole range).
    pageBreaks: integer("page_breaks").array(),
    // A passage cut from the middle of a .md or .txt file's long table: that table's header and
    // rule lines (lib/server/ingest/table-headers.ts), read before the content. Null otherwise.
    tableHeader: text("table_header"),
    charStart: integer("char_start").notNull(),
    charEnd: integer("char_end").notNull(),
    tokenCount: integer("token_count").notNull().default(0),
    // The chunk's lexical terms and their counts ("term\tcount" lines, lib/server/ingest/
    // term-encoding.ts), written once at ingestion so the in-memory index of any instance loads
    // without segmenting text again.
    terms: text("terms").notNull().default(""),
    // Embeddings as plain arrays so PGlite (no pgvector) stores them too.
    embedding: real("embedding").array(),
  },
  (t) => [
    uniqueIndex("document_chunks_doc_ordinal_key").on(t.documentId, t.ordinal),
    index("document_chunks_user_idx").on(t.userId),
  ],
);

export const monthlyUsage = pgTable(
  "monthly_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Calendar month as YYYY-MM; deleting a document does not give an upload back.
    month: text("month").notNull(),
    uploads: integer("uploads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

// Superseded by assistants (each owner's row became their default assistant). Left in the database
// for one release, so old instances, which still read it, run beside new ones during an upgrade;
// nothing reads or writes it now, and the next `npm run db:generate` writes its DROP after that.
export const assistantSettings = pgTable("assistant_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // Null until the owner names their assistant: the default then follows the reader's language.
  name: text("name"),
  rolePrompt: text("role_prompt"),
  linkPreviewStyle: text("link_preview_style", {
    enum: ["default", "compact", "minimal", "medium", "horizontal", "large"],
  })
    .notNull()
    .default("default"),
  useCustomIcon: boolean("use_custom_icon").notNull().default(false),
  customIcon: text("custom_icon"),
  // The opening questions made for the owner's documents, per reader language ({"zh-TW": [...],
  // "en": [...]}), all for the documents as they were at initial_questions_stamp. (Rows written
  // before the languages were kept apart hold a plain list under another stamp: never read.)
  initialQuestions: jsonb("initial_questions").$type<OpeningQuestionsByLocale | string[]>(),
  initialQuestionsStamp: text("initial_questions_stamp"),
  updatedAt: updatedAt(),
});

export type OpeningQuestionsByLocale = Partial<Record<Locale, string[]>>;

const previewStyle = () =>
  text("link_preview_style", {
    enum: ["default", "compact", "minimal", "medium", "horizontal", "large"],
  })
    .notNull()
    .default("default");

/**
 * An assistant an owner made from their documents. Exactly one per owner is their default: the
 * single-assistant /api/assistant, the chat when none is chosen, and shares made without naming one. Its
 * knowledge is every document of the owner (knowledge_all, documents uploaded later included) or
 * the documents chosen for it, directly or through collections. Everything per assistant (its own
 * chat, its shares, later its insights, API keys and chat bubble) names its id.
 */
export const assistants = pgTable(
  "assistants",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isDefault: boolean("is_default").notNull().default(false),
    // Null until the owner names it: the default name then follows the reader's language.
    name: text("name"),
    rolePrompt: text("role_prompt"),
    knowledgeAll: boolean("knowledge_all").notNull().default(true),
    linkPreviewStyle: previewStyle(),
    useCustomIcon: boolean("use_custom_icon").notNull().default(false),
    customIcon: text("custom_icon"),
    // The opening questions made for this assistant's documents, per reader language, all for the
    // documents as they were at initial_questions_stamp.
    initialQuestions: jsonb("initial_questions").$type<OpeningQuestionsByLocale>(),
    initialQuestionsStamp: text("initial_questions_stamp"),
    // Conversations with it (its own chat and its shares') older than this many days are deleted
    // by a daily job; null keeps them.
    retentionDays: integer("retention_days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("assistants_owner_idx").on(t.ownerId, t.createdAt), uniqueIndex("assistants_owner_default_key").on(t.ownerId).where(sql`${t.isDefault}`)],
);

/** A named group of an owner's documents, so one set can serve several assistants. */
export const collections = pgTable(
  "collections",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("collections_owner_name_key").on(t.ownerId, t.name)],
);

export const collectionDocuments = pgTable(
  "collection_documents",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.documentId] }), index("collection_documents_document_idx").on(t.documentId)],
);

/** Documents chosen for an assistant one by one (an assistant with knowledge_all has none). */
export const assistantDocuments = pgTable(
  "assistant_documents",
  {
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.assistantId, t.documentId] }), index("assistant_documents_document_idx").on(t.documentId)],
);

/** Collections chosen for an assistant: their documents as they are at each question. */
export const assistantCollections = pgTable(
  "assistant_collections",
  {
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.assistantId, t.collectionId] }), index("assistant_collections_collection_idx").on(t.collectionId)],
);

// Its initial_questions and initial_questions_stamp columns are no longer read or written (the
// owner's assistant_settings keep the opening questions for every share). They are left in the
// database for one release, so old instances, which still select them, run beside new ones during
// an upgrade; the next `npm run db:generate` writes their DROP for the release after.
export const sharedAssistants = pgTable(
  "shared_assistants",
  {
    id: id(),
    shareId: text("share_id").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The assistant it shares: its knowledge, and its name and role prompt unless the share has
    // its own (null name or role prompt means "as the assistant is now", in each reader's language
    // while the assistant has the default's). Null once that assistant is deleted, which ends the share.
    assistantId: text("assistant_id").references(() => assistants.id, { onDelete: "set null" }),
    name: text("name"),
    rolePrompt: text("role_prompt"),
    isPublicMode: boolean("is_public_mode").notNull().default(false),
    accessMode: text("access_mode", { enum: ["open", "google_required"] }).notNull().default("open"),
    includeDocuments: boolean("include_documents").notNull().default(true),
    announcementEnabled: boolean("announcement_enabled").notNull().default(false),
    pinnedAnnouncement: text("pinned_announcement"),
    // Origins (https://site.example) allowed to show the share page in an <iframe>: its CSP
    // frame-ancestors. Empty: no site may frame it.
    embedOrigins: text("embed_origins")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    messageCount: integer("message_count").notNull().default(0),
    // The assistant's quick link: the share its share button made and hands out again on every
    // press while it lives (the shares tab makes others on purpose). One live one per assistant.
    quickLink: boolean("quick_link").notNull().default(false),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // Why a share ended, for what its link says: the owner ended it, or deleted its assistant.
    endedReason: text("ended_reason", { enum: ["revoked", "assistant_deleted"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shared_assistants_share_id_key").on(t.shareId),
    index("shared_assistants_owner_idx").on(t.ownerId),
    index("shared_assistants_assistant_idx").on(t.assistantId),
    uniqueIndex("shared_assistants_quick_link_key")
      .on(t.assistantId)
      .where(sql`${t.quickLink} and ${t.revokedAt} is null`),
  ],
);

/**
 * A key a program presents to ask one assistant through the public API (/api/v1). The key is
 * "dak_<id>_<secret>": the id finds the row by its primary key, and only a SHA-256 of the
 * 256-bit random secret is kept (a slow password hash buys nothing against a secret that cannot
 * be guessed). Revoked keys keep their row, so the owner's list says when they stopped.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_assistant_idx").on(t.assistantId, t.createdAt)],
);

// A guest's conversation on one share, bound to the browser that created it by a secret
// kept in an HttpOnly cookie (only its hash is stored).
export const guestSessions = pgTable(
  "guest_sessions",
  {
    id: id(),
    sessionId: text("session_id").notNull(),
    sharedAssistantId: text("shared_assistant_id")
      .notNull()
      .references(() => sharedAssistants.id, { onDelete: "cascade" }),
    browserKeyHash: text("browser_key_hash").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("guest_sessions_share_session_key").on(t.sharedAssistantId, t.sessionId)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    // Whose conversation this is: the workspace owner for the main chat, null for share traffic.
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    // In the owner's own chat, which of their assistants they were talking to.
    assistantId: text("assistant_id").references(() => assistants.id, { onDelete: "cascade" }),
    sharedAssistantId: text("shared_assistant_id").references(() => sharedAssistants.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    guestUserId: text("guest_user_id").references(() => guestSessions.id, { onDelete: "cascade" }),
    registeredUserId: text("registered_user_id").references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    imageData: text("image_data"),
    imageFileName: text("image_file_name"),
    isError: boolean("is_error").notNull().default(false),
    sources: jsonb("sources").$type<unknown[]>(),
    clientId: text("client_id"),
    createdAt: createdAt(),
    // A reply's own record of whether it knew: answered from the documents, weakly (little of the
    // question found in them), or not (nothing relevant, or the AI service saying they do not say).
    answerSignal: text("answer_signal", { enum: ["answered", "weak", "not_answered"] }),
    // The vote of the person whose conversation this is (each reply has one reader), changeable.
    rating: text("rating", { enum: ["up", "down"] }),
    ratingComment: text("rating_comment"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    // On a reply: the question it answers (stored with it), so a reply can be shown with its question.
    replyTo: text("reply_to"),
    // A reply that is an answer its assistant's owner wrote (labelled so), rather than the model's.
    curatedAnswerId: text("curated_answer_id").references(() => curatedAnswers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("messages_owner_idx").on(t.ownerId, t.createdAt),
    index("messages_owner_assistant_idx").on(t.ownerId, t.assistantId, t.createdAt),
    index("messages_share_session_idx").on(t.sharedAssistantId, t.sessionId, t.createdAt),
    index("messages_share_user_idx").on(t.sharedAssistantId, t.registeredUserId, t.createdAt),
    // A guest's conversation on a share, read by the share's owner (and the cascade from guest_sessions).
    index("messages_share_guest_idx").on(t.sharedAssistantId, t.guestUserId, t.createdAt),
    // A share's messages by time, whoever wrote them: its assistant's insights over a date range.
    index("messages_share_created_idx").on(t.sharedAssistantId, t.createdAt),
    // The insights' lists, newest first: the replies that did not answer, and those thumbed down.
    index("messages_share_unanswered_idx").on(t.sharedAssistantId, t.createdAt).where(sql`answer_signal = 'not_answered'`),
    // The own chat's by coalesce(assistant_id, ''): an equality (unlike IS NULL) lets the default assistant's older messages be read newest first too.
    index("messages_own_unanswered_idx").on(t.ownerId, sql`coalesce(${t.assistantId}, '')`, t.createdAt).where(sql`answer_signal = 'not_answered' AND shared_assistant_id IS NULL`),
    index("messages_share_thumbs_down_idx").on(t.sharedAssistantId, t.createdAt).where(sql`rating = 'down'`),
    index("messages_own_thumbs_down_idx").on(t.ownerId, sql`coalesce(${t.assistantId}, '')`, t.createdAt).where(sql`rating = 'down' AND shared_assistant_id IS NULL`),
    uniqueIndex("messages_client_key").on(t.clientId),
  ],
);

/**
 * An answer the owner wrote for a question of one of their assistants (from its insights): the
 * same or a reworded question is then answered with it, labelled as the owner's answer.
 */
export const curatedAnswers = pgTable(
  "curated_answers",
  {
    id: id(),
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("curated_answers_assistant_idx").on(t.assistantId, t.createdAt)],
);

// The insights' daily rollup, kept current by triggers on messages (the migration that made these
// tables has them): every insert, update and delete of a message, the retention job's and the
// cascades' too, adds or subtracts its part. A row belongs to one place messages are kept: a share
// (shared_assistant_id; owner_id and assistant_id "") or an owner's own chat with one assistant
// (shared_assistant_id ""; assistant_id "" for the default's messages from before assistants).
// Days are calendar days in APP_TIME_ZONE. Rows whose counts reach zero are removed.

/** Per place and day: messages, replies, replies that did not answer or were thumbed down, and guests who wrote. */
export const insightDays = pgTable(
  "insight_days",
  {
    sharedAssistantId: text("shared_assistant_id").notNull(),
    ownerId: text("owner_id").notNull(),
    assistantId: text("assistant_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    messages: integer("messages").notNull(),
    replies: integer("replies").notNull(),
    unanswered: integer("unanswered").notNull(),
    thumbsDown: integer("thumbs_down").notNull(),
    // Guests belong to one share, so the guests of a day add up across places without counting anyone twice.
    guestVisitors: integer("guest_visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sharedAssistantId, t.ownerId, t.assistantId, t.day] })],
);

/**
 * Per place, day and visitor (guest, signed-in user or the owner), how many messages: the daily
 * distinct visitors and conversations. Signed-in visitors can be in several places on one day, so
 * theirs are counted distinct over these rows (guests come from insight_days).
 */
export const insightVisitors = pgTable(
  "insight_visitors",
  {
    sharedAssistantId: text("shared_assistant_id").notNull(),
    ownerId: text("owner_id").notNull(),
    assistantId: text("assistant_id").notNull(),
    guest: boolean("guest").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
    messages: integer("messages").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sharedAssistantId, t.ownerId, t.assistantId, t.guest, t.day, t.visitor] })],
);

/**
 * Per place, day (and Monday-to-Sunday week, so a long range reads whole weeks: rollupSpans in
 * lib/usage-report.ts) and wording (its md5), how often a question was asked and the latest time:
 * the most asked questions.
 */
export const insightQuestions = pgTable(
  "insight_questions",
  {
    sharedAssistantId: text("shared_assistant_id").notNull(),
    ownerId: text("owner_id").notNull(),
    assistantId: text("assistant_id").notNull(),
    grain: text("grain", { enum: ["day", "week"] }).notNull(),
    /** The day, or the Monday a week starts on. */
    day: date("day", { mode: "string" }).notNull(),
    questionHash: text("question_hash").notNull(),
    asked: integer("asked").notNull(),
    latestAt: timestamp("latest_at", { withTimezone: true }).notNull(),
    latestId: text("latest_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sharedAssistantId, t.ownerId, t.assistantId, t.grain, t.day, t.questionHash] })],
);

export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email"),
    category: text("category", { enum: ["bug", "feature", "question", "other"] }).notNull().default("other"),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "read", "resolved"] }).notNull().default("new"),
    pagePath: text("page_path"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt)],
);

export const referrals = pgTable(
  "referrals",
  {
    id: id(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteeId: text("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    trialDays: integer("trial_days").notNull(),
    // When the inviter's trial days were given: only once the invitee has really used the product; null until then (or never, past the inviter's cap).
    inviterRewardedAt: timestamp("inviter_rewarded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // One referral per invitee, ever.
  (t) => [uniqueIndex("referrals_invitee_key").on(t.inviteeId), index("referrals_inviter_idx").on(t.inviterId)],
);

// E-mail campaigns (docs/rules/email.md#campaigns). A campaign is a draft until it starts; its recipients are then
// written once (later sign-ups are not added) and each is claimed for sending at most once at a
// time (lib/server/queries/email-recipients.ts).
export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: id(),
    subject: text("subject").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    audience: jsonb("audience").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["draft", "scheduled", "sending", "paused", "done", "cancelled"] })
      .notNull()
      .default("draft"),
    // Messages a minute across every instance; 0 sends as fast as the server takes them.
    ratePerMinute: integer("rate_per_minute").notNull().default(60),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    // Bumped by every start, resume and retry: names that round's sending jobs, and lets a
    // scheduled start that was since withdrawn recognise itself as stale.
    generation: integer("generation").notNull().default(0),
    // The throttle's cursor: the earliest moment the next message may be handed to the server.
    nextSendAt: timestamp("next_send_at", { withTimezone: true }),
    totalCount: integer("total_count").notNull().default(0),
    // Why sending stopped by itself (no mail server at the scheduled time, repeated crashes).
    lastError: text("last_error"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("email_campaigns_status_idx").on(t.status, t.updatedAt)],
);

export const emailRecipients = pgTable(
  "email_recipients",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    locale: text("locale").notNull().default("zh-TW"),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "skipped"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    // A temporary failure waits until then before the next attempt.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Who holds the claim (and, once sent, who sent it), and until when: a claim not renewed by
    // then belonged to a process that died, and the recipient is queued again.
    claimedBy: text("claimed_by"),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    // The server's reply to a failure, or why the recipient was skipped (unsubscribed, …).
    error: text("error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("email_recipients_campaign_email_key").on(t.campaignId, t.email),
    index("email_recipients_claim_idx").on(t.campaignId, t.status, t.nextAttemptAt),
    index("email_recipients_sent_idx").on(t.campaignId, t.sentAt),
  ],
);

// Forgot-password links: only the SHA-256 of the token is kept; a link works once, for 30 minutes.
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash), index("password_reset_tokens_user_idx").on(t.userId)],
);

export const apiUsage = pgTable(
  "api_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    route: text("route").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    sharedAssistantId: text("shared_assistant_id").references(() => sharedAssistants.id, { onDelete: "set null" }),
    // The key of a call made with an API key; the assistant a chat call asks (whether in its
    // owner's chat, on one of its shares or with a key).
    apiKeyId: text("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    assistantId: text("assistant_id").references(() => assistants.id, { onDelete: "set null" }),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    latencyMs: integer("latency_ms").notNull().default(0),
    outcome: text("outcome", { enum: ["ok", "error", "timeout", "rate_limited"] }).notNull(),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
  },
  (t) => [index("api_usage_created_idx").on(t.createdAt), index("api_usage_user_idx").on(t.userId, t.createdAt)],
);

// The latency histogram's buckets (bounds in lib/usage-report.ts).
export const LATENCY_HISTOGRAM_COLUMNS = 32;

function latencyHistogramColumns() {
  return Object.fromEntries(
    Array.from({ length: LATENCY_HISTOGRAM_COLUMNS }, (_, i) => [`latency${i}`, integer(`latency_${i}`).notNull().default(0)]),
  ) as Record<`latency${number}`, ReturnType<typeof integer>>;
}

/**
 * api_usage summed per calendar day (and per week, for the dimensions with many keys) in the
 * product's time zone, kept current by statement triggers on api_usage (see the migration that
 * creates this table), so the usage screen reads thousands of rows instead of millions.
 * One row per grain × dimension × period × provider × model × key; the key is the route, the
 * user id, the share id, the assistant id or the API key id ("" for none). Latency is kept as a histogram (LATENCY_BUCKET_BOUNDS_MS):
 * latency_0 counts calls under the first bound, latency_31 those at or above the last.
 */
export const apiUsageRollup = pgTable(
  "api_usage_rollup",
  {
    grain: text("grain", { enum: ["day", "week"] }).notNull(),
    dimension: text("dimension", { enum: ["route", "user", "share", "assistant", "api_key"] }).notNull(),
    /** The day, or the Monday a week starts on. */
    day: date("day", { mode: "string" }).notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    key: text("key").notNull(),
    calls: integer("calls").notNull(),
    errors: integer("errors").notNull(),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull(),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull(),
    latencyMsSum: bigint("latency_ms_sum", { mode: "number" }).notNull(),
    ...latencyHistogramColumns(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.dimension, t.day, t.provider, t.model, t.key] })],
);

/** What the admin says a model costs, in US dollars per million tokens; the usage screen's cost estimate. */
export const modelPrices = pgTable("model_prices", {
  model: text("model").primaryKey(),
  inputPerMillion: numeric("input_per_million", { precision: 12, scale: 4, mode: "number" }).notNull(),
  outputPerMillion: numeric("output_per_million", { precision: 12, scale: 4, mode: "number" }).notNull(),
  updatedById: text("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const dailyCheckins = pgTable(
  "daily_checkins",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("daily_checkins_user_day_key").on(t.userId, t.day)],
);

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

// Who changed an app setting, when and what (field by field; a secret only as "changed", never
// its value). Kept on the screen that changes the setting.
export const settingsAudit = pgTable(
  "settings_audit",
  {
    id: id(),
    setting: text("setting").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    // As the actor was called then: the list stays readable after the account is renamed or deleted.
    actorName: text("actor_name").notNull(),
    changes: jsonb("changes").$type<unknown[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("settings_audit_setting_created_idx").on(t.setting, t.createdAt)],
);

// Fixed-window counters shared by every instance (login throttling, abuse limits).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// Sessions signed out one at a time. A session cookie names its id (sid); a listed id is refused
// until the moment that cookie would have expired anyway, after which the row can go.
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_at_idx").on(t.expiresAt)],
);

// Password sign-in attempts per (account, address) pair: a stranger's guesses slow down only their
// own pair, never the owner's sign-in from another address. Forgotten a while after the last one.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    account: text("account").notNull(),
    address: text("address").notNull(),
    attempts: integer("attempts").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] }), index("login_attempts_updated_at_idx").on(t.updatedAt)],
);

// Durable background work, claimed with FOR UPDATE SKIP LOCKED so any instance can run it.
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    dedupeKey: text("dedupe_key"),
    // Whose work it is (a document's owner): the claim serves owners with nothing running first.
    ownerKey: text("owner_key"),
    // The address the work was asked from (an upload's client): a queue cap and the reserved slot count by it too.
    clientKey: text("client_key"),
    // When the job last started to run: the claim serves the owner served longest ago first (round-robin).
    startedAt: timestamp("started_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_dedupe_key").on(t.dedupeKey),
    index("jobs_owner_status_idx").on(t.ownerKey, t.status),
    index("jobs_client_status_idx").on(t.clientKey, t.status),
  ],
);

export const linkPreviewCache = pgTable("link_preview_cache", {
  url: text("url").primaryKey(),
  data: jsonb("data").$type<Record<string, string | null>>(),
  ok: boolean("ok").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Feedback = typeof feedback.$inferSelect;
