// Types for sentence-marks.mjs (plain JavaScript so the parse child can load it by path).
export declare const OPENS_MID_SENTENCE: RegExp;
export declare const ENDS_SENTENCE: RegExp;
export declare const PROSE_WIDTH: number;
export declare function lineWidth(line: string): number;
