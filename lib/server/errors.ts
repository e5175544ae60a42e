import "server-only";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

// One error type for the whole server, thrown from any layer. Its code (lib/errors.ts, shared with
// the client) picks the HTTP status; the message is an i18n key under "errors" in messages/*.json,
// translated into the caller's language by the route wrapper.

export interface AppErrorOptions {
  /** Key under "errors" in messages/*.json; defaults to the code. */
  messageKey?: string;
  params?: Record<string, string | number>;
  details?: unknown;
  /** Extra top-level body fields (requireAuth, aiMessage, …: docs/rules/messages-and-errors.md#error-bodies). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: string;
  readonly params?: Record<string, string | number>;
  readonly details?: unknown;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.messageKey ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.messageKey = options.messageKey ?? code;
    this.params = options.params;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** 429 with Retry-After until `resetAt`; the message (a key under "errors") says how many seconds, in the caller's language. */
export function rateLimited(resetAt: Date, messageKey?: string): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError("rate_limited", { messageKey, params: { seconds }, headers: { "Retry-After": String(seconds) } });
}
