// The message shapes of the /api/messages contract, shared by the server that writes them and the
// chat screen that reads them.

/** A passage an answer cites as [n]: shown as a chip (document and page) that reveals the quote. */
export interface MessageSource {
  n: number;
  documentId: string;
  documentName: string;
  page: number | null;
  pageEnd: number | null;
  /** What page and pageEnd count when it is not a page: a workbook's sheets or a deck's slides (lib/chat/page-unit.ts). */
  pageUnit?: "sheet" | "slide";
  quote: string;
  /** A web page's address: the source links back to it. */
  sourceUrl?: string;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageData: string | null;
  imageFileName: string | null;
  createdAt: string;
  isError: boolean;
  sources: MessageSource[];
  /** A reply that is an answer the assistant's owner wrote, shown labelled as theirs. */
  ownerAnswer?: boolean;
  /** A reply's vote by the person whose conversation it is (null: none), and its comment. */
  rating?: "up" | "down" | null;
  ratingComment?: string | null;
  /** Client only: a message shown before the server has answered. */
  pending?: boolean;
  /**
   * Client only: what the message was shown as before the server stored it (its temporary id), so
   * the question and the streamed reply stay the same elements when their stored copies replace
   * them (focus, "show more" and anything a test holds are kept).
   */
  renderKey?: string;
}
