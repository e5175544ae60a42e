// Types for tesseract.mjs (worker-side JavaScript; the benchmark uses its languages and folder).
export declare const OCR_LANGUAGES: readonly string[];
export declare function languageFolder(): string;
export type OcrLine = { text: string; bbox: import("./lost-lines.mjs").Box; baseline?: import("./lost-lines.mjs").Box };
export type OcrPage = { text: string; confidence: number; paragraphs: OcrLine[][] };
export declare function recognize(image: Uint8Array, timeMs: number): Promise<OcrPage>;
export declare function newDocument(): void;
