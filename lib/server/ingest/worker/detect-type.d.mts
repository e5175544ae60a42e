// Types for detect-type.mjs, which stays JavaScript so the parse worker can load it by path.
export type DocumentKind = "pdf" | "docx" | "txt" | "md" | "html" | "xlsx" | "pptx" | "csv" | "jpg" | "png" | "webp";

export declare const MIME_TYPES: Readonly<Record<DocumentKind, string>>;

/** The type decided from the content; null when the file is not a supported document. */
export declare function detectType(bytes: Uint8Array, fileName?: string): { kind: DocumentKind; mimeType: string } | null;

/** Whether the file is a password-protected Word, Excel or PowerPoint file (a Compound File, not a ZIP archive). */
export declare function isEncryptedOffice(bytes: Uint8Array): boolean;
