// Types for prepare-image.mjs (worker-side JavaScript; tests read a prepared page).
export declare function prepareImage(input: Uint8Array): Promise<{ pgm: Uint8Array; grey: Uint8Array; width: number; height: number; ink: number }>;
