// Types for lost-lines.mjs (worker-side JavaScript; unit tests read it).
export type Box = { x0: number; y0: number; x1: number; y1: number };
export type ReadLine = { bbox: Box; baseline?: Box };
export type LostLine = { top: number; bottom: number; left: number; right: number; slope: number; origin: number; after: number; before: number };
export declare function lostLines(grey: Uint8Array, width: number, height: number, lines: readonly ReadLine[]): LostLine[];
export declare function bandPicture(grey: Uint8Array, width: number, height: number, band: LostLine): Uint8Array;
