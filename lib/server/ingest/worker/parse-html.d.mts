// Types for parse-html.mjs (worker-side JavaScript, imported directly by tests).
export declare const HTML_LIMITS: Readonly<{ maxElements: number; maxTextChars: number; signInTextChars: number; maxReadableDepth: number }>;

/** The text of a DOM element (linkedom's), paragraphs, headings, list items and tables kept apart. */
export declare function elementText(root: unknown, options?: { skipFurniture?: boolean }): string;

export declare function parseHtml(bytes: Uint8Array): { pages: { page: null; text: string }[]; pageCount: null; title: string | null };
