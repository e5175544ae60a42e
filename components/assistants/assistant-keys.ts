// The data layer's keys for an owner's assistants and collections, apart from the hooks that read
// them: the file library, the shares tab and the chat refresh these after changing what they show.

export const ASSISTANTS_KEY = "/api/assistants";
export const COLLECTIONS_KEY = "/api/collections";

export const assistantPath = (id: string) => `${ASSISTANTS_KEY}/${encodeURIComponent(id)}`;
export const collectionPath = (id: string) => `${COLLECTIONS_KEY}/${encodeURIComponent(id)}`;
