// Types for parse-docx.mjs (plain JavaScript so the parse child can load it by path; tests import it).
export declare const DOCX_LIMITS: Readonly<{
  maxEntries: number;
  maxDeclaredBytes: number;
  maxInflatedBytes: number;
  maxRatio: number;
  ratioCheckAbove: number;
  streamAbove: number;
  maxTextChars: number;
}>;

export declare function parseDocx(bytes: Uint8Array): Promise<{ pages: { page: null; text: string }[]; pageCount: null }>;

/** The text of word/document.xml as parseDocx gives it through mammoth, read in one pass. */
export declare function streamDocumentText(xml: Uint8Array): string;
