import type { AssistantList, CollectionList, DocumentWithUse, PublicAssistant, PublicCollection } from "@/lib/server/present/api-types";

// An owner's library as the API gives it, for components that show documents, assistants and collections.

export function assistant(id: string, name: string, overrides: Partial<PublicAssistant> = {}): PublicAssistant {
  return {
    id,
    name,
    rolePrompt: `你是${name}。`,
    named: true,
    isDefault: false,
    knowledge: { all: false, documentIds: [], collectionIds: [] },
    documentCount: 0,
    shareCount: 0,
    linkPreviewStyle: "default",
    createdAt: "2026-12-01T00:00:00.000Z",
    updatedAt: "2026-12-01T00:00:00.000Z",
    ...overrides,
  };
}

export function collection(id: string, name: string, documentIds: string[] = []): PublicCollection {
  return { id, name, documentIds, createdAt: "2026-12-01T00:00:00.000Z" };
}

export function libraryDocument(id: string, originalName: string, overrides: Partial<DocumentWithUse> = {}): DocumentWithUse {
  return {
    id,
    originalName,
    status: "processed",
    kind: "txt",
    size: 1_024,
    pageCount: null,
    chunkCount: 1,
    createdAt: "2026-12-01T00:00:00.000Z",
    processedAt: "2026-12-01T00:00:01.000Z",
    errorReason: null,
    sourceUrl: null,
    fetchedAt: null,
    reading: null,
    unreadablePages: [],
    collectionIds: [],
    assistantIds: [],
    usedByAssistantIds: [],
    ...overrides,
  };
}

/** GET /api/assistants's answer. */
export const assistantList = (assistants: PublicAssistant[]): AssistantList => ({ assistants });

/** GET /api/collections's answer. */
export const collectionList = (collections: PublicCollection[] = []): CollectionList => ({ collections });

/** `count` documents named 文件 001.txt, 文件 002.txt, … */
export function numberedDocuments(count: number, overrides: (i: number) => Partial<DocumentWithUse> = () => ({})): DocumentWithUse[] {
  return Array.from({ length: count }, (_, i) => libraryDocument(`d${i + 1}`, `文件 ${String(i + 1).padStart(3, "0")}.txt`, overrides(i + 1)));
}
