// Which of the owner's assistants the workspace chat is with.

/**
 * The one the address names (?assistant=) if the owner has it, else their default one. Before their
 * list has loaded, the one the server drew the page with, which it chose by the same rule.
 */
export function chosenAssistant<A extends { id: string; isDefault: boolean }, D>(list: readonly A[] | undefined, asked: string | null, drawn: D): A | D {
  if (!list || list.length === 0) return drawn;
  return list.find((a) => a.id === asked) ?? list.find((a) => a.isDefault) ?? list[0];
}

/** The address of the chat with an assistant: the page's own, with ?assistant= set and everything else kept. */
export function chatAddress(current: { pathname: string; search: string; hash?: string }, assistantId: string): string {
  const params = new URLSearchParams(current.search);
  params.set("assistant", assistantId);
  return `${current.pathname}?${params}${current.hash ?? ""}`;
}
