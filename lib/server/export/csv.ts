import "server-only";

// The one way the server writes a CSV cell (the usage report, a share's conversations): every
// cell quoted (RFC 4180), so no separator a spreadsheet's locale uses (a comma, a semicolon, a
// tab) splits a cell; and a text cell a spreadsheet would run as a formula (=, +, -, @, their
// full-width forms, or a tab or carriage return before them) prefixed with an apostrophe.

export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '""';
  if (typeof value === "number") return Number.isFinite(value) ? `"${value}"` : '""';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
