/** 1536 → "1.5 KB"; sizes in the file library. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * An image's size as the chat shows it (in MB: docs/rules/chat.md#images) and its offline description says it: MB from
 * 1 MB up, KB below (a 2 KB image is not "0.00 MB"), never less than 1 KB.
 */
export function formatImageSize(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
