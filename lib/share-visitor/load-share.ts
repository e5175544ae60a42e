import type { VisitorShare } from "@/lib/server/present/api-types";
import { readError } from "@/lib/errors";

// Opening a shared assistant (docs/rules/sharing.md#the-shared-page): the id checked first, then
// GET /api/shared-assistants/{shareId} with a time-out, every failure turned into one of the
// texts of docs/rules/messages-and-errors.md#the-shared-page.


export type ShareLoadError =
  | { kind: "missingId" }
  | { kind: "invalidLink" }
  | { kind: "timeout" }
  | { kind: "notFound" }
  | { kind: "serverBusy" }
  /** Anything else: the server's message when it sent one, else 伺服器錯誤: {status}. */
  | { kind: "other"; status: number; message: string | null };

export type ShareLoadResult = { ok: true; share: VisitorShare } | { ok: false; error: ShareLoadError };

/** Share ids are URL-safe base64 (72 random bits) — anything else cannot name a share. */
const SHARE_ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

export function checkShareId(shareId: string | null | undefined): ShareLoadError | null {
  if (!shareId || !shareId.trim()) return { kind: "missingId" };
  if (!SHARE_ID_FORMAT.test(shareId)) return { kind: "invalidLink" };
  return null;
}

export function errorFromResponse(status: number, body: unknown): ShareLoadError {
  if (status === 404) return { kind: "notFound" };
  if (status === 500) return { kind: "serverBusy" };
  return { kind: "other", status, message: readError(body).message ?? null };
}

function isVisitorShare(value: unknown): value is VisitorShare {
  const v = value as Partial<VisitorShare> | null;
  return !!v && typeof v.id === "string" && typeof v.name === "string" && typeof v.shareId === "string" && typeof v.accessMode === "string";
}

export async function loadShare(shareId: string, options: { timeoutMs: number; fetchImpl?: typeof fetch }): Promise<ShareLoadResult> {
  const invalid = checkShareId(shareId);
  if (invalid) return { ok: false, error: invalid };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const res = await (options.fetchImpl ?? fetch)(`/api/shared-assistants/${encodeURIComponent(shareId)}`, { credentials: "include", signal: controller.signal, cache: "no-store" });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) return { ok: false, error: errorFromResponse(res.status, body) };
    if (!isVisitorShare(body)) return { ok: false, error: { kind: "other", status: res.status, message: null } };
    return { ok: true, share: body };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, error: { kind: "timeout" } };
    // The network failed outright (offline): say so the way a time-out does, it is the same remedy.
    return { ok: false, error: error instanceof TypeError ? { kind: "timeout" } : { kind: "other", status: 0, message: null } };
  } finally {
    clearTimeout(timer);
  }
}
