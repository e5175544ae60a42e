import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MockEmbeddingModelV4 } from "ai/test";
import { eq, isNotNull } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, documentChunks } from "@/lib/server/db/schema";
import { setEmbeddingModelForTests } from "@/lib/server/ai/embeddings";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { seedUser } from "../support/http";

// A stand-in for a paid embedding service (the AI SDK's own test model): texts about cats point
// one way, texts about cars another, whatever words they use.
const CONCEPTS: [RegExp, number][] = [
  [/貓|feline|kitten|cat/i, 0],
  [/汽車|automobile|vehicle|car/i, 1],
];

function conceptVector(text: string): number[] {
  const v = [0.01, 0.01];
  for (const [pattern, axis] of CONCEPTS) if (pattern.test(text)) v[axis] = 1;
  return v;
}

function conceptModel() {
  return new MockEmbeddingModelV4({
    provider: "test-provider",
    modelId: "concept-embedder",
    doEmbed: async ({ values }) => ({ embeddings: values.map(conceptVector), usage: { tokens: values.length * 7 }, warnings: [] }),
  });
}

beforeAll(() => registerJobs());
afterEach(() => setEmbeddingModelForTests(undefined));


describe("semantic search with an embedding model", () => {
  it("stores passage embeddings and finds passages that share no words with the question", async () => {
    setEmbeddingModelForTests(conceptModel());
    const { user } = await seedUser({ role: "admin" });
    await uploadDocument({ user, name: "pets.txt", bytes: new TextEncoder().encode("Felines are small carnivorous mammals often kept as pets.") });
    await uploadDocument({ user, name: "roads.txt", bytes: new TextEncoder().encode("An automobile usually has four wheels and an engine.") });
    await drainJobs();

    const db = await getDb();
    const stored = await db.select({ embedding: documentChunks.embedding }).from(documentChunks).where(eq(documentChunks.userId, user.id));
    expect(stored.every((c) => Array.isArray(c.embedding) && c.embedding.length === 2)).toBe(true);

    // "貓" appears in neither document: only the embeddings connect it to the one about felines.
    const passages = await retrievePassages({ ownerId: user.id, question: "貓" });
    expect(passages[0]?.documentName).toBe("pets.txt");

    const usage = await db.select().from(apiUsage).where(eq(apiUsage.userId, user.id));
    expect(usage.some((u) => u.route === "ingest-document" && u.outcome === "ok" && u.model === "concept-embedder" && u.inputTokens > 0)).toBe(true);
    expect(usage.some((u) => u.route === "retrieval" && u.outcome === "ok")).toBe(true);
  });

  it("without a model, search stays lexical and nothing is embedded", async () => {
    setEmbeddingModelForTests(null);
    const { user } = await seedUser({ role: "admin" });
    await uploadDocument({ user, name: "pets.txt", bytes: new TextEncoder().encode("Felines are small carnivorous mammals often kept as pets.") });
    await drainJobs();
    const db = await getDb();
    const embedded = await db.select().from(documentChunks).where(isNotNull(documentChunks.embedding));
    expect(embedded.filter((c) => c.userId === user.id)).toHaveLength(0);
    expect(await retrievePassages({ ownerId: user.id, question: "貓" })).toEqual([]);
    expect((await retrievePassages({ ownerId: user.id, question: "felines" }))[0]?.documentName).toBe("pets.txt");
  });

  it("a failing embedding service costs nothing but the semantic half: documents process, questions are answered lexically", async () => {
    setEmbeddingModelForTests(
      new MockEmbeddingModelV4({
        provider: "test-provider",
        modelId: "broken",
        doEmbed: async () => {
          throw new Error("503 from the embedding service");
        },
      }),
    );
    const { user } = await seedUser({ role: "admin" });
    const { document } = await uploadDocument({ user, name: "pets.txt", bytes: new TextEncoder().encode("Felines are small carnivorous mammals.") });
    await drainJobs();
    const { findDocument } = await import("@/lib/server/queries/documents");
    expect((await findDocument(user.id, document.id))?.status).toBe("processed");
    expect((await retrievePassages({ ownerId: user.id, question: "felines" }))[0]?.documentName).toBe("pets.txt");
    const db = await getDb();
    const usage = await db.select().from(apiUsage).where(eq(apiUsage.userId, user.id));
    expect(usage.some((u) => u.outcome === "error" && u.errorMessage?.includes("503"))).toBe(true);
  });
});
