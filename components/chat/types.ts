// What the chat screen keeps of its own while a send is under way; what the server answers
// (ChatMessage, MessageReply) is in lib/server/present/api-types.ts.

export interface DraftImage {
  file: File;
  dataUrl: string;
}
