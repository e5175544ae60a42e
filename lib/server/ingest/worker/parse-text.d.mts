// Types for parse-text.mjs (plain JavaScript so the parse child can load it by path; the server
// decodes text files itself).
export declare function parseText(bytes: Uint8Array): { pages: { page: null; text: string }[]; pageCount: null };
