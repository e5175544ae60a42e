// The file library's view of the owner's documents: search by name, filters by assistant,
// collection and status, and pages. Pure, so a thousand documents are narrowed in one pass.

export type StatusFilter = "all" | "processing" | "processed" | "error";

/** "" for no filter; NO_COLLECTION for documents in none. */
export const NO_COLLECTION = "__none__";

export interface LibraryFilters {
  query: string;
  assistantId: string;
  collectionId: string;
  status: StatusFilter;
}

export const NO_FILTERS: LibraryFilters = { query: "", assistantId: "", collectionId: "", status: "all" };

interface FilterableDocument {
  originalName: string;
  status: string;
  collectionIds?: readonly string[];
  usedByAssistantIds?: readonly string[];
}

/** Whether `name` contains what was typed, ignoring case, full-width forms and the spaces around it. */
export function matchesName(name: string, query: string): boolean {
  const wanted = normalise(query.trim());
  return wanted === "" || normalise(name).includes(wanted);
}

function normalise(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase();
}

export function filterDocuments<D extends FilterableDocument>(documents: readonly D[], filters: LibraryFilters): D[] {
  return documents.filter(
    (doc) =>
      (filters.status === "all" || doc.status === filters.status) &&
      (filters.assistantId === "" || (doc.usedByAssistantIds ?? []).includes(filters.assistantId)) &&
      (filters.collectionId === "" ||
        (filters.collectionId === NO_COLLECTION ? (doc.collectionIds ?? []).length === 0 : (doc.collectionIds ?? []).includes(filters.collectionId))) &&
      matchesName(doc.originalName, filters.query),
  );
}

export function isFiltered(filters: LibraryFilters): boolean {
  return filters.query.trim() !== "" || filters.assistantId !== "" || filters.collectionId !== "" || filters.status !== "all";
}

/** Page `page` (0-based, kept within the pages there are) of `items`, and how many pages there are. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(at * size, at * size + size), page: at, pages };
}

/** `ids` in batches the API takes at once (it refuses more than `max` in one request). */
export function inBatches<T>(ids: readonly T[], max: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += max) batches.push(ids.slice(i, i + max));
  return batches;
}
