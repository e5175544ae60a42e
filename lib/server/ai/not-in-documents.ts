import "server-only";

/**
 * What a hosted model is told to begin its reply with when the documents do not hold the answer:
 * its own word that it did not know, which the reply is then marked with (and which the reader
 * never sees).
 */
export const NOT_IN_DOCUMENTS_MARK = "[[not-in-documents]]";

/**
 * Passes a streamed reply on without the mark: the first characters are held until they can no
 * longer be the mark's beginning. `finish` gives the whole reply without it, and whether it was there.
 */
export function withoutMark(onDelta?: (text: string) => void) {
  let held = "";
  let decided = false;
  const push = (delta: string) => {
    if (decided) return void (delta && onDelta?.(delta));
    held += delta;
    const start = held.trimStart();
    if (start.length < NOT_IN_DOCUMENTS_MARK.length && NOT_IN_DOCUMENTS_MARK.startsWith(start)) return;
    decided = true;
    const rest = start.startsWith(NOT_IN_DOCUMENTS_MARK) ? start.slice(NOT_IN_DOCUMENTS_MARK.length).trimStart() : held;
    if (rest) onDelta?.(rest);
  };
  const finish = (text: string): { text: string; marked: boolean } => {
    const start = text.trimStart();
    const marked = start.startsWith(NOT_IN_DOCUMENTS_MARK);
    if (!decided && !marked && held) onDelta?.(held);
    decided = true;
    return marked ? { text: start.slice(NOT_IN_DOCUMENTS_MARK.length).trimStart(), marked } : { text, marked };
  };
  return { push, finish };
}
