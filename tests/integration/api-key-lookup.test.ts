import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import * as keysRoute from "@/app/api/assistants/[id]/api-keys/route";
import * as keyRoute from "@/app/api/assistants/[id]/api-keys/[keyId]/route";
import * as completions from "@/app/api/v1/chat/completions/route";
import * as models from "@/app/api/v1/models/route";
import { getDb } from "@/lib/server/db/client";
import * as apiKeyQueries from "@/lib/server/queries/api-keys";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { call, seedUser } from "../support/http";

// A refused key costs the database little whatever api_keys holds: a malformed one is never looked
// up, and a well-formed one (revoked, unknown or live) is one probe of the primary key, never a
// scan of the table. Run on the embedded database and on PostgreSQL (TEST_DATABASE_URL).

// The lookup, watched: the real query runs, the test counts its calls.
vi.mock(import("@/lib/server/queries/api-keys"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, findLiveApiKey: vi.fn(actual.findLiveApiKey) };
});

const lookups = vi.mocked(apiKeyQueries.findLiveApiKey);

/** Enough keys that reading them all would cost the planner far more than one index probe. */
const OTHER_KEYS = 20_000;

let owner: Awaited<ReturnType<typeof seedUser>>;
let assistantId: string;
let live: { id: string; key: string };
let revoked: { id: string; key: string };

function listModels(key: string) {
  return call(models.GET, { path: "/api/v1/models", headers: { authorization: `Bearer ${key}` } });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The plan of the lookup's own statement for one key id, as EXPLAIN (FORMAT JSON) gives it. */
async function lookupPlan(id: string): Promise<PlanNode[]> {
  const db = await getDb();
  const statement = apiKeyQueries.liveApiKeyQuery(db).toSQL();
  // Its one parameter is the key id (the placeholder); EXPLAIN takes the statement with the value in place.
  expect(statement.sql.match(/\$\d+/g)).toEqual(["$1"]);
  const text = statement.sql.replace("$1", `'${id.replace(/'/g, "''")}'`);
  const result = (await db.execute(sql.raw(`EXPLAIN (FORMAT JSON) ${text}`))) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(result.rows[0])[0];
  const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodesOf(Plan);
}

beforeAll(async () => {
  owner = await seedUser({ role: "admin" });
  assistantId = (await defaultAssistant(owner.user.id)).id;
  const create = async (name: string) => {
    const res = await call(keysRoute.POST, { method: "POST", params: { id: assistantId }, cookie: owner.cookie, body: { name } });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string };
  };
  live = await create("live");
  revoked = await create("revoked");
  expect((await call(keyRoute.DELETE, { method: "DELETE", params: { id: assistantId, keyId: revoked.id }, cookie: owner.cookie })).status).toBe(200);
  // Other owners' keys, half of them revoked, so the table is large; then fresh statistics.
  const db = await getDb();
  await db.execute(sql`INSERT INTO api_keys (id, owner_id, assistant_id, name, secret_hash, revoked_at)
    SELECT lpad(to_hex(g), 16, '0'), ${owner.user.id}, ${assistantId}, 'bulk ' || g, repeat('0', 64), CASE WHEN g % 2 = 0 THEN now() END
    FROM generate_series(1, ${OTHER_KEYS}) AS g`);
  await db.execute(sql`ANALYZE api_keys`);
});

describe("the API key lookup", () => {
  it("probes api_keys by its primary key, never scanning it, for live, revoked and unknown keys alike", async () => {
    for (const id of [live.id, revoked.id, "ffffffffffffffff"]) {
      const nodes = await lookupPlan(id);
      const onKeys = nodes.filter((n) => n["Relation Name"] === "api_keys");
      expect(onKeys, id).toHaveLength(1);
      expect(onKeys[0]["Node Type"], id).toMatch(/^Index (Only )?Scan$/);
      expect(onKeys[0]["Index Name"], id).toBe("api_keys_pkey");
      expect(nodes.some((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "api_keys"), id).toBe(false);
    }
  });

  it("refuses malformed keys without asking the database", async () => {
    lookups.mockClear();
    for (const bad of ["not-a-key", `${live.key}x`, live.key.slice(0, -1), live.key.toUpperCase(), `dak_${live.id}`, `${live.key} ${live.key}`, "dak_" + "g".repeat(16) + "_" + "A".repeat(43)]) {
      const res = await listModels(bad);
      expect(res.status, bad).toBe(401);
      expect(res.body.error.code, bad).toBe("api_key_invalid");
    }
    const completion = await call(completions.POST, { method: "POST", headers: { authorization: "Bearer sk-not-ours" }, body: { model: assistantId, messages: [{ role: "user", content: "hi" }] } });
    expect(completion.status).toBe(401);
    expect(lookups).not.toHaveBeenCalled();
  });

  it("refuses a revoked or unknown key after one lookup by id, and still opens the live one", async () => {
    lookups.mockClear();
    const revokedRes = await listModels(revoked.key);
    expect(revokedRes.status).toBe(401);
    expect(revokedRes.body.error.code).toBe("api_key_invalid");
    const unknown = await listModels(`dak_ffffffffffffffff_${"A".repeat(43)}`);
    expect(unknown.status).toBe(401);
    // A bulk key's id with a wrong secret: found, and refused by its hash.
    const wrongSecret = await listModels(`dak_${"1".padStart(16, "0")}_${"A".repeat(43)}`);
    expect(wrongSecret.status).toBe(401);
    expect(lookups.mock.calls).toEqual([[revoked.id], ["ffffffffffffffff"], ["0000000000000001"]]);
    const ok = await listModels(live.key);
    expect(ok.status).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
