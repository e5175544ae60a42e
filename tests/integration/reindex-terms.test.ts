import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { documentChunks } from "@/lib/server/db/schema";
import { TOKENIZER_VERSION } from "@/lib/server/ingest/tokenizer";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { getSetting, setSetting } from "@/lib/server/queries/app-settings";
import { scheduleTermsReindexIfStale } from "@/lib/server/use-cases/reindex-terms";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { seedUser } from "../support/http";

describe("re-indexing stored terms after a tokenizer change", () => {
  it("re-tokenises every stored passage once, and searches find them again", async () => {
    registerJobs();
    const { user } = await seedUser({ role: "admin" });
    const { document } = await uploadDocument({ user, name: "鳥類.txt", bytes: new TextEncoder().encode("台灣藍鵲是台灣特有的鳥類，常成群活動。") });
    await drainJobs();
    expect(await scheduleTermsReindexIfStale()).toBe(true); // a fresh database has no version yet
    await drainJobs();
    expect(await getSetting("tokenizer_version")).toBe(TOKENIZER_VERSION);
    expect(await scheduleTermsReindexIfStale()).toBe(false);

    // Stored terms from an older tokenizer (here: none at all) stop matching anything...
    const db = await getDb();
    await db.update(documentChunks).set({ terms: "", tokenCount: 0 }).where(eq(documentChunks.documentId, document.id));
    await setSetting("tokenizer_version", TOKENIZER_VERSION - 1);
    const { bumpRetrievalStamp } = await import("@/lib/server/queries/retrieval-stamp");
    await bumpRetrievalStamp(db, user.id);
    expect(await retrievePassages({ ownerId: user.id, question: "台灣藍鵲" })).toEqual([]);

    // ...until the background job brings them up to date.
    expect(await scheduleTermsReindexIfStale()).toBe(true);
    await drainJobs();
    const passages = await retrievePassages({ ownerId: user.id, question: "台灣藍鵲" });
    expect(passages[0]?.documentName).toBe("鳥類.txt");
    expect(await getSetting("tokenizer_version")).toBe(TOKENIZER_VERSION);
  });
});
