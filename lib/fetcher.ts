import { ERROR_STATUS, readError, type ErrorCode } from "@/lib/errors";

// Client-side JSON calls. Every call sends cookies; a non-OK answer becomes an ApiError whose
// text is "status: body" (docs/rules/messages-and-errors.md#how-the-browser-reads-errors) and which also carries the server's code and translated message.

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

  /** Whether the server refused with this code (lib/errors.ts): what callers decide on, never the message text. */
  hasCode(code: ErrorCode): boolean {
    return this.code === code;
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

/**
 * The caller is not signed in (or no longer): the server's "unauthorized" code, or a 401 from
 * something in front of it that sent no error body.
 */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.hasCode("unauthorized") || (error.code === undefined && error.status === ERROR_STATUS.unauthorized));
}

/** SWR fetcher for data that simply is absent when signed out: null then. */
export async function optionalAuthFetcher<T>(url: string): Promise<T | null> {
  try {
    return await apiFetch<T>(url);
  } catch (error) {
    if (isSignedOut(error)) return null;
    throw error;
  }
}

/** A list that quietly turns into an empty one when signed out (docs/rules/messages-and-errors.md#how-the-browser-reads-errors). */
export async function listOrEmptyWhenSignedOut<T>(url: string, init: RequestInit = {}): Promise<T[]> {
  try {
    return await apiFetch<T[]>(url, init);
  } catch (error) {
    if (isSignedOut(error)) return [];
    throw error;
  }
}

/** The message to show for a failed call: the server's (already translated) or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
