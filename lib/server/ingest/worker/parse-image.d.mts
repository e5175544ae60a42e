// Types for parse-image.mjs (worker-side JavaScript, imported directly by tests).
export declare function parseImage(
  bytes: Uint8Array,
  ocr: { pageTimeMs: number; onPage?: (page: number, pages: number) => void },
): Promise<{ pages: { page: number; text: string }[]; pageCount: number; unreadablePages: number[] }>;
