// Types for cjk-radicals.mjs (plain JavaScript so the parse child can load it by path).
export declare function unifyRadicals(text: string): string;
