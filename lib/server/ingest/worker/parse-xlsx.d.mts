// Types for parse-xlsx.mjs (plain JavaScript so the parse child can load it by path; tests import it).
export declare const XLSX_LIMITS: Readonly<{
  maxTextChars: number;
  maxTextPerByte: number;
  minTextChars: number;
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxSheets: number;
}>;

/** How much text a spreadsheet file of this size may give. */
export declare function sheetTextCap(fileBytes: number): number;

export type CellFormat = { kind: "date" | "time" | "datetime" | "percent"; decimals: number } | null;

/** A cell's number as its format shows it. */
export declare function formatNumber(value: string, format: CellFormat, date1904: boolean): string;

export declare function parseXlsx(
  bytes: Uint8Array,
  onPage?: (page: { page: number | null; text: string }) => void,
): Promise<{ pages: { page: number | null; text: string }[]; pageCount: number | null }>;
