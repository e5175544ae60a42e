// A draft's edits are kept in the browser as they are typed, until the server has them: a reload,
// a lost connection or a validation error then loses nothing. These decide which copy wins.

export interface LocalCopy<T> {
  value: T;
  /** When the copy was last edited (the browser's clock, ms). */
  editedAt: number;
}

export const draftCopyKey = (campaignId: string) => `emailDraft:${campaignId}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function readCopy<T>(raw: string | null, isValue: (value: unknown) => value is T): LocalCopy<T> | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { value?: unknown; editedAt?: unknown };
    return parsed && typeof parsed.editedAt === "number" && isValue(parsed.value) ? { value: parsed.value, editedAt: parsed.editedAt } : null;
  } catch {
    return null;
  }
}

/**
 * The browser's copy wins when it differs from the server's and was edited after the server's
 * last save (edits saved elsewhere since then win over it).
 */
export function pickCopy<T>(server: { value: T; updatedAt: string }, local: LocalCopy<T> | null): { value: T; restored: boolean } {
  if (local && !same(local.value, server.value) && local.editedAt > Date.parse(server.updatedAt)) return { value: local.value, restored: true };
  return { value: server.value, restored: false };
}
