// The API's error codes, shared by the server that sends them and the client that reads them.
// Every error body is `{ error: { code, message, details? } }`: the code says what went wrong and
// picks the HTTP status; the message is already translated for the reader, so code decides on the
// code (and status), never on the text.

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
  // The model failed to reply: the body also carries the stored error reply (aiMessage).
  ai_failed: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The `error` of an error body, as the server sends it. */
export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** An error body; some routes add fields of their own beside `error` (requireAuth, aiMessage, …). */
export interface ErrorBody {
  error: ErrorPayload;
}

/** What a client can rely on reading from any body (a proxy's page, a truncated reply): each part may be absent. */
export interface ErrorInfo {
  code?: string;
  message?: string;
  details?: unknown;
}

/** The `error` of an error body (or of a streamed "error" event); the one place that reads that shape. */
export function readError(body: unknown): ErrorInfo {
  const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  if (!error || typeof error !== "object") return {};
  const { code, message, details } = error as Record<string, unknown>;
  return {
    code: typeof code === "string" ? code : undefined,
    message: typeof message === "string" ? message : undefined,
    details,
  };
}

/** Whether `body` is an error body with this code. */
export function isErrorCode(body: unknown, code: ErrorCode): boolean {
  return readError(body).code === code;
}
