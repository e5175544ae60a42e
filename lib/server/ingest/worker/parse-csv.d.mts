// Types for parse-csv.mjs (plain JavaScript so the parse child can load it by path; tests import it).
export declare function csvEncoding(bytes: Uint8Array): { encoding: string; start: number } | null;
export declare function csvDelimiter(sample: string): string;
export declare function parseCsv(
  bytes: Uint8Array,
  onPage?: (page: { page: number | null; text: string }) => void,
): Promise<{ pages: { page: number | null; text: string }[]; pageCount: number | null }>;
