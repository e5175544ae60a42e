// Types for tesseract.mjs (worker-side JavaScript; the benchmark uses its languages and folder).
export declare const OCR_LANGUAGES: readonly string[];
export declare function languageFolder(): string;
