import "server-only";

// A chunk's term counts as stored in the database: one term per line, followed by a tab and its
// count when the count is not 1 ("term\n", "term\t3\n"). Plain text is several times cheaper to
// write and read than JSONB for the hundreds of thousands of terms a long document has, and most
// terms of a passage (character pairs above all) occur once: leaving out their count makes a
// Chinese passage's terms about a third shorter, which is most of what writing a chunk costs.
// Tokens never contain tabs or newlines (the tokenizer splits on white space).

function line(term: string, count: number): string {
  if (term.includes("\t") || term.includes("\n")) return "";
  return count === 1 ? `${term}\n` : `${term}\t${count}\n`;
}

export function encodeTerms(terms: Record<string, number>): string {
  let out = "";
  for (const term in terms) out += line(term, terms[term]);
  return out;
}

export function encodeTermCounts(terms: ReadonlyMap<string, number>): string {
  let out = "";
  for (const [term, count] of terms) out += line(term, count);
  return out;
}

/** A chunk's terms and their counts, in parallel arrays. */
export type TermCounts = { terms: string[]; counts: number[]; length: number };

/**
 * Reads both forms of a line, with and without its count, so terms written either way load. The
 * retrieval index reads these arrays directly: building an object of hundreds of keys per chunk
 * was most of the time an index took to load.
 */
export function parseTermCounts(encoded: string): TermCounts {
  const terms: string[] = [];
  const counts: number[] = [];
  let start = 0;
  while (start < encoded.length) {
    let end = encoded.indexOf("\n", start);
    if (end < 0) end = encoded.length;
    const tab = encoded.indexOf("\t", start);
    if (tab >= 0 && tab < end) {
      terms.push(encoded.slice(start, tab));
      counts.push(Number(encoded.slice(tab + 1, end)));
    } else if (end > start) {
      terms.push(encoded.slice(start, end));
      counts.push(1);
    }
    start = end + 1;
  }
  return { terms, counts, length: terms.length };
}

export function decodeTerms(encoded: string): Record<string, number> {
  const { terms, counts } = parseTermCounts(encoded);
  const out: Record<string, number> = Object.create(null);
  for (let i = 0; i < terms.length; i++) out[terms[i]] = counts[i];
  return out;
}
