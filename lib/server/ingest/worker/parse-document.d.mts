// Types for parse-document.mjs (worker-side JavaScript, imported directly by tests).
import type { DocumentKind } from "./detect-type.mjs";

export type ParseFailureCode = "unsupported_type" | "encrypted" | "malformed" | "no_text" | "too_many_entries" | "inflated_too_large" | "too_many_pages" | "too_much_text" | "login_required" | "empty_sheet" | "unreadable_scan" | "image_too_large";

export declare class ParseFailure extends Error {
  constructor(code: ParseFailureCode, message: string);
  readonly code: ParseFailureCode;
}

export declare function parseDocument(
  bytes: Uint8Array,
  kind: DocumentKind,
  onPage?: (page: { page: number | null; text: string }) => void,
  options?: { maxPages?: number; onOpen?: (pages: number) => void; ocr?: { pageTimeMs: number; onPage?: (page: number, pages: number) => void } },
): Promise<{ pages: { page: number | null; text: string }[]; pageCount: number | null; title?: string | null; unreadablePages?: number[] }>;
