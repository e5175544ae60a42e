// Types for docx-tables.mjs (plain JavaScript so the parse child can load it by path; tests import it).
export declare const TABLE_BLOCK_SIZE: number;
export declare function tableText(rows: string[][]): string;
export declare function sizeOf(text: string): number;
