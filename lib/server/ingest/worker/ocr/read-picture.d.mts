// Types for read-picture.mjs (worker-side JavaScript; unit tests read its text shaping).
export declare function ocrParagraphs(raw: string): string;
export declare function tidy(text: string): string;
export declare function readPicture(picture: Uint8Array, timeMs: number): Promise<string>;
