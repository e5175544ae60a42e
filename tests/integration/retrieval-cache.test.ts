import { beforeAll, describe, expect, it } from "vitest";
import * as upload from "@/app/api/documents/upload/route";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { resetRetrievalCache, retrievalCacheUsage, retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { call, multipart, seedUser } from "../support/http";

// docs/rules/quality.md#robustness: an instance keeps retrieval indexes within RETRIEVAL_CACHE_MB, evicting the
// least recently asked owners, and answers an evicted owner as before by loading the index again.

async function ownerWithDocument(topic: string) {
  const { cookie, user } = await seedUser();
  const text = Array.from({ length: 40 }, (_, i) => `${topic}的第${i}條規定：${topic}相關事項編號${i}，請依${topic}辦法第${i}款辦理。`).join("\n\n");
  const { rawBody, headers } = await multipart({ file: new File([text], `${topic}.txt`, { type: "text/plain" }) });
  const res = await call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
  expect(res.status).toBe(201);
  return user.id;
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

describe("the retrieval cache's memory budget", () => {
  it("evicts the least recently asked owners past the budget and reloads them with the same answers", async () => {
    const topics = ["垃圾清運", "停車收費", "圖書借閱", "游泳池開放"];
    const owners = [];
    for (const topic of topics) owners.push(await ownerWithDocument(topic));
    await drainJobs();

    // Unbounded first: what each owner's question returns, and how big one index is.
    resetRetrievalCache(1024 * 1024 * 1024);
    const expected = [];
    for (const [i, ownerId] of owners.entries()) expected.push(await retrievePassages({ ownerId, question: `${topics[i]}第7條規定是什麼` }));
    for (const passages of expected) expect(passages.length).toBeGreaterThan(0);
    const perOwner = retrievalCacheUsage().bytes / owners.length;
    expect(retrievalCacheUsage().owners).toBe(4);

    // A budget for two and a half indexes: asking all four in turn keeps only the latest two.
    resetRetrievalCache(Math.floor(perOwner * 2.5));
    for (const [i, ownerId] of owners.entries()) {
      expect(await retrievePassages({ ownerId, question: `${topics[i]}第7條規定是什麼` })).toEqual(expected[i]);
    }
    const usage = retrievalCacheUsage();
    expect(owners.map((id) => usage.has(id))).toEqual([false, false, true, true]);
    expect(usage.bytes).toBeLessThanOrEqual(perOwner * 2.5);

    // The first owner, evicted, is answered again the same way, and then it is the third owner
    // (the least recently asked) that goes.
    expect(await retrievePassages({ ownerId: owners[0], question: `${topics[0]}第7條規定是什麼` })).toEqual(expected[0]);
    const after = retrievalCacheUsage();
    expect(owners.map((id) => after.has(id))).toEqual([true, false, false, true]);
  });
});
