import { beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/messages/export/route";
import { EXPORT_MAX_PER_USER, LOCALE_COOKIE } from "@/lib/constants";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { insertExchange } from "@/lib/server/queries/messages";
import { ownScope } from "../support/assistants";
import { call, seedUser } from "../support/http";

// docs/rules/security.md#abuse-and-cost: one person holding many PDF or Word exports at once gets
// 429 with Retry-After past a small number, so the shared export pool stays open to everyone else
// (it once answered every other user's export with 503 for about 50 s).

async function userWithConversation() {
  const seeded = await seedUser();
  await ownScope(seeded.user);
  const own = { ownerId: seeded.user.id, assistantId: (await defaultAssistant(seeded.user.id)).id };
  const base = Date.now();
  for (let i = 0; i < 20; i++) {
    await insertExchange(
      { ...own, role: "user", content: `第 ${i + 1} 個問題：垃圾什麼時候收？`, createdAt: new Date(base + i * 2_000) },
      { ...own, role: "assistant", content: "週一、週三、週五晚上七點。".repeat(40), createdAt: new Date(base + i * 2_000 + 1_000) },
    );
  }
  return seeded;
}

beforeAll(async () => {
  await setWorkspaceAccess("everyone");
});

const exportAs = (cookie: string, format: "pdf" | "docx") => call(exportRoute.GET, { path: `/api/messages/export?format=${format}`, cookie });

describe("PDF and Word exports per person", { timeout: 120_000 }, () => {
  it(`refuses a person's exports past ${EXPORT_MAX_PER_USER} at once with 429, Retry-After and a translated message; another person's still succeed`, async () => {
    const greedy = await userWithConversation();
    const other = await userWithConversation();
    const burst = Array.from({ length: 8 }, (_, i) => exportAs(i % 2 ? `${greedy.cookie}; ${LOCALE_COOKIE}=en` : greedy.cookie, i % 3 ? "pdf" : "docx"));
    const others = [exportAs(other.cookie, "pdf"), exportAs(other.cookie, "docx")];
    const [mine, theirs] = await Promise.all([Promise.all(burst), Promise.all(others)]);

    // Requests reach the pool at their own pace (an early one may be done before a late one asks):
    // each is made or refused as too many of this person's, never refused as a full pool (503).
    const refused = mine.filter((r) => r.status === 429);
    expect(mine.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(mine.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(EXPORT_MAX_PER_USER);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.body.error.message).toMatch(/匯出正在製作|exports being made/);
    }
    expect(theirs.map((r) => r.status)).toEqual([200, 200]);

    // Once the first ones are done, the same person exports again.
    expect((await exportAs(greedy.cookie, "pdf")).status).toBe(200);
  });
});
