// Reading an offline reply the way a person does: the quoted excerpts ("> text [n]" lines) in the
// order shown, the first sentence of the first one, and whether the reply opens by saying the
// documents do not answer. Free of lib/server imports, so the scoring can be unit-tested.

/** Sentences end after 。！？!? , after a period followed by white space (so 3.5 stays whole), and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n|(?<=[。！？!?])|(?<=\.)(?=\s)/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The quoted excerpts of a reply, first shown first, without the quote mark and citation numbers. */
export function quotesOf(reply: string): string[] {
  return reply
    .split("\n")
    .filter((line) => line.startsWith("> "))
    .map((line) => line.slice(2).replace(/(?:\s*\[\d+\])+\s*$/u, "").trim())
    .filter(Boolean);
}

/** The first sentence a reader meets in the quotes; "" when nothing is quoted. */
export function firstQuotedSentence(reply: string): string {
  const first = quotesOf(reply)[0];
  return first ? (splitSentences(first)[0] ?? "") : "";
}

/** How much the reply quotes, in characters (white space left out, as a reader's eye skips it). */
export function quotedLength(reply: string): number {
  return quotesOf(reply).reduce((sum, q) => sum + q.replace(/\s+/g, "").length, 0);
}

// The openings that tell the reader the documents hold no answer (compose-answer.ts, both languages).
const NOT_FOUND_OPENINGS = [
  "文件中沒有找到直接的答案",
  "在目前的文件中找不到",
  "The documents do not answer this directly",
  "I could not find anything",
];

/** Whether the reply opens by saying the documents do not answer the question. */
export function opensNotFound(reply: string): boolean {
  const start = reply.trimStart();
  return NOT_FOUND_OPENINGS.some((opening) => start.startsWith(opening));
}

const normalize = (text: string) => text.normalize("NFKC").replace(/\s+/g, "").toLowerCase();

/** Whether a text holds one of the gold answers, ignoring width, case and white space. */
export function holdsAnswer(text: string, answers: readonly string[]): boolean {
  const haystack = normalize(text);
  return answers.some((a) => a.trim() !== "" && haystack.includes(normalize(a)));
}

// The opening that quotes while saying it is only the closest the documents come (compose-answer.ts).
const CLOSEST_OPENINGS = ["文件中與這個問題最接近的內容", "This is the closest the documents come"];

/** Whether the reply quotes under a hedge: neither "not found" nor a plain answer. */
export function opensClosest(reply: string): boolean {
  const start = reply.trimStart();
  return CLOSEST_OPENINGS.some((opening) => start.startsWith(opening));
}
