// Types for sheet-rows.mjs (plain JavaScript so the parse child can load it by path; tests import it).
/** The largest block of rows written as one paragraph, in the chunker's size units. */
export declare const BLOCK_SIZE: number;
