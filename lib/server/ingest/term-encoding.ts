import "server-only";

// A chunk's term counts as stored in the database: "term\tcount" lines. Plain text is several
// times cheaper to write and read than JSONB for the hundreds of thousands of terms a long
// document has. Tokens never contain tabs or newlines (the tokenizer splits on white space).

export function encodeTerms(terms: Record<string, number>): string {
  let out = "";
  for (const term in terms) {
    if (term.includes("\t") || term.includes("\n")) continue;
    out += `${term}\t${terms[term]}\n`;
  }
  return out;
}

export function encodeTermCounts(terms: ReadonlyMap<string, number>): string {
  let out = "";
  for (const [term, count] of terms) {
    if (term.includes("\t") || term.includes("\n")) continue;
    out += `${term}\t${count}\n`;
  }
  return out;
}

export function decodeTerms(encoded: string): Record<string, number> {
  const terms: Record<string, number> = Object.create(null);
  let start = 0;
  while (start < encoded.length) {
    const tab = encoded.indexOf("\t", start);
    const end = encoded.indexOf("\n", tab);
    if (tab < 0 || end < 0) break;
    terms[encoded.slice(start, tab)] = Number(encoded.slice(tab + 1, end));
    start = end + 1;
  }
  return terms;
}
