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

/** Reads both forms of a line, with and without its count, so terms written either way load. */
export function decodeTerms(encoded: string): Record<string, number> {
  const terms: Record<string, number> = Object.create(null);
  let start = 0;
  while (start < encoded.length) {
    let end = encoded.indexOf("\n", start);
    if (end < 0) end = encoded.length;
    const tab = encoded.indexOf("\t", start);
    if (tab >= 0 && tab < end) terms[encoded.slice(start, tab)] = Number(encoded.slice(tab + 1, end));
    else if (end > start) terms[encoded.slice(start, end)] = 1;
    start = end + 1;
  }
  return terms;
}
