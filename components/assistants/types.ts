import type { PublicAssistant, PublicCollection } from "@/lib/server/present/assistant";

/** One of the owner's assistants as GET /api/assistants gives it (name and role prompt already in the reader's language). */
export type Assistant = PublicAssistant;
export type Collection = PublicCollection;
/** What an assistant answers from: all the owner's documents (later ones too), or those chosen and those of chosen collections. */
export type Knowledge = PublicAssistant["knowledge"];
