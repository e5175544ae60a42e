import { beforeAll, describe, expect, it } from "vitest";
import * as upload from "@/app/api/documents/upload/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { documents } from "@/lib/server/db/schema";
import { INGEST_QUEUE_CAPS } from "@/lib/server/policies/ingest-queue-caps";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { eq } from "drizzle-orm";
import { call, multipart, seedUser } from "../support/http";

// docs/rules/security.md#uploads-and-parsing: one account, or several opened from one address,
// cannot bury the processing queue. No job runner here, so every upload stays queued.

async function uploadFrom(address: string, cookie: string, n: number) {
  const { rawBody, headers } = await multipart({ file: new File([`note ${n}\n`], `note-${n}.txt`, { type: "text/plain" }) });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers: { ...headers, "x-client-ip": address } });
}

beforeAll(async () => {
  await setWorkspaceAccess("everyone");
});

describe("caps on queued work", () => {
  it("refuses an account's upload past its queued files with 429, Retry-After and a translated message, storing nothing", async () => {
    const { cookie, user } = await seedUser({ plan: "supporter" });
    for (let n = 0; n < INGEST_QUEUE_CAPS.perOwner; n++) expect((await uploadFrom("192.0.2.10", cookie, n)).status).toBe(201);
    const refused = await uploadFrom("192.0.2.11", cookie, 99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.message).toMatch(/等待處理/);
    expect(refused.body.error.details).toMatchObject({ reason: "ingest_queue_full_owner", limit: INGEST_QUEUE_CAPS.perOwner });
    const english = await uploadFrom("192.0.2.11", `${cookie}; ${LOCALE_COOKIE}=en`, 100);
    expect(english.body.error.message).toMatch(/waiting to be processed/);
    const db = await getDb();
    expect(await db.select({ id: documents.id }).from(documents).where(eq(documents.userId, user.id))).toHaveLength(INGEST_QUEUE_CAPS.perOwner);
  });

  it("refuses a fresh account from an address that has filled its share, and not one from elsewhere", async () => {
    const address = "192.0.2.20";
    let n = 0;
    while (n < INGEST_QUEUE_CAPS.perAddress) {
      const { cookie } = await seedUser({ plan: "supporter" });
      for (let i = 0; i < INGEST_QUEUE_CAPS.perOwner && n < INGEST_QUEUE_CAPS.perAddress; i++, n++) expect((await uploadFrom(address, cookie, n)).status).toBe(201);
    }
    const fresh = await seedUser({ plan: "supporter" });
    const refused = await uploadFrom(address, fresh.cookie, n);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ reason: "ingest_queue_full_address", limit: INGEST_QUEUE_CAPS.perAddress });
    expect((await uploadFrom("192.0.2.21", fresh.cookie, n)).status).toBe(201);
  });
});
