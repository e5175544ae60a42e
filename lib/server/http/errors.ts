import "server-only";

// One error type for the whole server. The code picks the HTTP status; the message is an i18n key
// under "errors" in messages/*.json, translated into the caller's language by the route wrapper.

export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // A well-formed request the server could not carry out for reasons outside it (a link whose page gives no preview).
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
