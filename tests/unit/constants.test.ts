import { describe, expect, it } from "vitest";
import * as c from "@/lib/constants";

// docs/rules/ names these numbers; a change here is a change to the product's contract.
describe("lib/constants", () => {
  it("pins the business constants", () => {
    expect(c.UPLOAD_TIMEOUT_MS).toBe(60_000);
    expect(c.FREE_MONTHLY_UPLOADS).toBe(5);
    expect(c.FREE_MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(c.SUPPORTER_MAX_FILE_BYTES).toBe(30 * 1024 * 1024);
    expect(c.REFERRAL_TRIAL_DAYS).toBe(14);
    expect(c.REFERRAL_MAX_ACCOUNT_AGE_DAYS).toBe(30);
    expect(c.PROCESSING_CHECK_MAX_ATTEMPTS).toBe(25);
    expect([c.PROCESSING_CHECK_FAST_DELAY_MS, c.PROCESSING_CHECK_MEDIUM_DELAY_MS, c.PROCESSING_CHECK_SLOW_DELAY_MS]).toEqual([1000, 2000, 3000]);
    expect([c.PROCESSING_CHECK_FAST_ATTEMPTS, c.PROCESSING_CHECK_MEDIUM_ATTEMPTS]).toEqual([5, 10]);
    expect([c.PROCESSING_RETRY_BASE_MS, c.PROCESSING_RETRY_FACTOR, c.PROCESSING_RETRY_MAX_EXPONENT, c.PROCESSING_RETRY_MAX_DELAY_MS]).toEqual([2000, 1.5, 6, 10_000]);
    expect([c.PROCESSING_PROGRESS_PER_ATTEMPT, c.PROCESSING_PROGRESS_CAP, c.PROCESSING_PROGRESS_SHOW_EVERY]).toEqual([4, 90, 5]);
    expect([c.DOCUMENT_LIST_REFRESH_MS, c.DOCUMENT_LIST_MIN_GAP_MS]).toEqual([10_000, 5_000]);
    expect(c.CHAT_IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(c.CUSTOM_ICON_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect([c.CUSTOM_ICON_RECOMMENDED_WIDTH, c.CUSTOM_ICON_RECOMMENDED_HEIGHT]).toEqual([1200, 630]);
    expect(c.MAX_INITIAL_QUESTIONS).toBe(8);
    expect(c.SUGGESTION_HISTORY_MESSAGES).toBe(6);
    expect([c.SUGGESTIONS_SHOWN_DESKTOP, c.SUGGESTIONS_SHOWN_MOBILE]).toEqual([4, 2]);
    expect(c.BUBBLE_COLLAPSE_HEIGHT_PX).toBe(300);
    expect([c.COPY_FEEDBACK_MS, c.TIMESTAMP_SHOW_MS]).toEqual([2000, 3000]);
    expect([c.INPUT_MAX_HEIGHT_MOBILE_PX, c.INPUT_MAX_HEIGHT_DESKTOP_PX]).toEqual([45, 120]);
    expect([c.LINK_TEXT_MAX_CHARS, c.LINK_TEXT_KEEP_CHARS]).toEqual([45, 42]);
    expect(c.MOBILE_BREAKPOINT_PX).toBe(768);
    expect([c.SHARED_LOAD_TIMEOUT_MS, c.SHARED_LOAD_TIMEOUT_LINE_MS]).toEqual([15_000, 8_000]);
    expect(c.PENDING_MESSAGE_TTL_MS).toBe(300_000);
    expect(c.PENDING_REPLAY_DELAY_MS).toBe(1_500);
    expect(c.RELOAD_AFTER_AUTH_MS).toBe(1_000);
    expect(c.POPUP_CLOSED_RECHECK_MS).toBe(1_000);
    expect(c.MESSAGES_CACHE_REFRESH_THRESHOLD_MS).toBe(2_000);
    expect([c.FORCED_REVEAL_MS, c.FORCED_REVEAL_LINE_MS, c.LINE_SHARED_LOAD_DELAY_MS]).toEqual([5_000, 3_000, 300]);
    expect(c.INAPP_LOAD_CHECKS_MS).toEqual([1_500, 3_000, 5_000]);
    expect([c.TOAST_SHORT_MS, c.TOAST_DEFAULT_MS, c.TOAST_LONG_MS, c.TOAST_VERY_LONG_MS]).toEqual([2000, 3000, 5000, 10_000]);
  });

  it("pins the chat bounds", () => {
    expect([c.ASSISTANT_NAME_MAX_LENGTH, c.ROLE_PROMPT_MAX_LENGTH]).toEqual([50, 4_000]);
    expect(c.MESSAGE_MAX_LENGTH).toBe(4_000);
    expect(c.AI_MAX_OUTPUT_TOKENS).toBeGreaterThan(0);
    expect(c.AI_CHUNK_TIMEOUT_MS).toBeLessThan(c.AI_REPLY_TIMEOUT_MS);
  });

  it("pins the AI-service screen's bounds", () => {
    // A saved change is in force on every instance within 5 s: each re-reads at least this often.
    expect(c.AI_SETTINGS_MAX_AGE_MS).toBeLessThan(5_000);
    expect(c.AI_MAX_OUTPUT_TOKENS).toBeGreaterThanOrEqual(c.AI_OUTPUT_TOKENS_MIN);
    expect(c.AI_MAX_OUTPUT_TOKENS).toBeLessThanOrEqual(c.AI_OUTPUT_TOKENS_MAX);
    expect(c.AI_CONNECTION_TEST_TIMEOUT_MS).toBeLessThan(c.AI_REPLY_TIMEOUT_MS);
    expect(c.SHARE_CONVERSATIONS_PAGE_SIZE).toBe(20);
  });

  it("pins the assistants' bounds", () => {
    expect([c.ASSISTANTS_PER_OWNER_MAX, c.COLLECTIONS_PER_OWNER_MAX, c.KNOWLEDGE_IDS_MAX]).toEqual([100, 100, 1_000]);
    expect(c.LIBRARY_PAGE_SIZE).toBe(50);
    expect(c.KNOWLEDGE_PICKER_BATCH).toBeLessThanOrEqual(c.KNOWLEDGE_IDS_MAX);
  });

  it("pins the public API's bounds: a key's requests, an assistant's keys, a conversation's size", () => {
    expect([c.API_KEY_REQUESTS_PER_MINUTE, c.API_KEYS_PER_ASSISTANT_MAX, c.API_KEY_NAME_MAX_LENGTH]).toEqual([60, 20, 60]);
    expect(c.API_KEY_LAST_USED_PRECISION_MS).toBe(60_000);
    // The question itself is held to the chat's own limit; earlier turns may be longer replies.
    expect(c.API_CHAT_MESSAGE_MAX_LENGTH).toBeGreaterThanOrEqual(c.MESSAGE_MAX_LENGTH);
    expect(c.API_CHAT_MESSAGES_MAX).toBe(100);
  });

  it("pins the ingestion bounds", () => {
    expect([c.PARSE_TIMEOUT_MS, c.PARSE_MAX_MEMORY_MB, c.INGEST_MEMORY_DEFAULT_MB, c.INGEST_MEMORY_MIN_MB]).toEqual([60_000, 512, 1024, 128]);
    expect([c.PARSE_BASE_TIME_MS, c.PARSE_PAGE_TIME_MS, c.PDF_MAX_PAGES]).toEqual([10_000, 200, 10_000]);
    // The default budget holds two whole parses (two files at once).
    expect(Math.floor(c.INGEST_MEMORY_DEFAULT_MB / c.PARSE_MAX_MEMORY_MB)).toBe(2);
  });

  it("pins the named value sets", () => {
    expect(c.LOCALES).toEqual(["zh-TW", "en"]);
    expect(c.DEFAULT_LOCALE).toBe("zh-TW");
    expect(c.LANGUAGE_STORAGE_KEY).toBe("language");
    expect(c.DEFAULT_THEME).toBe("light");
    expect(c.ROLES).toEqual(["admin", "manager", "user"]);
    expect(c.PLANS).toEqual(["free", "supporter"]);
    expect(c.ACCESS_MODES).toEqual(["open", "google_required"]);
    expect(c.PREVIEW_STYLES).toEqual(["default", "compact", "minimal", "medium", "horizontal", "large"]);
    expect(c.PENDING_MESSAGE_STORAGE_KEY).toBe("pendingMessage");
  });
});
