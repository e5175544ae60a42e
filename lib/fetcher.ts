// Client-side JSON calls. Every call sends cookies; a non-OK answer becomes an ApiError whose
// text is "status: body" (docs/rules/messages-and-errors.md#how-the-browser-reads-errors) and which also carries the server's translated message.

/** What the server says went wrong: every error body is `{ error: { code, message, details? } }`. */
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

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly serverMessage?: string;
  readonly code?: string;
  readonly details?: unknown;

  constructor(status: number, body: unknown, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    const error = readError(body);
    this.serverMessage = error.message;
    this.code = error.code;
    this.details = error.details;
  }

  /** The message (a translation key, such as validation.chatMessageTooLong) of each rule a 400 names. */
  get detailMessages(): string[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.map((d: { message?: unknown } | null) => d?.message).filter((m): m is string => typeof m === "string");
  }
}

export async function apiFetch<T = unknown>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(url, {
    credentials: "include",
    ...rest,
    headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) throw new ApiError(res.status, body, text);
  return body as T;
}

/** SWR fetcher. */
export const jsonFetcher = <T,>(url: string) => apiFetch<T>(url);

/** SWR fetcher for data that simply is absent when signed out: 401 yields null. */
export async function optionalAuthFetcher<T>(url: string): Promise<T | null> {
  try {
    return await apiFetch<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** A list that a 401 (or 未授權) quietly turns into an empty one (docs/rules/messages-and-errors.md#how-the-browser-reads-errors). */
export async function listOrEmptyWhenSignedOut<T>(url: string, init: RequestInit = {}): Promise<T[]> {
  try {
    return await apiFetch<T[]>(url, init);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.message.includes("未授權"))) return [];
    throw error;
  }
}

/** The message to show for a failed call: the server's (already translated) or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
