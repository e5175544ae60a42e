import "server-only";
import { sql } from "drizzle-orm";
import { prepared } from "@/lib/server/db/prepared";
import { apiUsage } from "@/lib/server/db/schema";

export type ApiUsageEntry = typeof apiUsage.$inferInsert;

const COLUMNS = ["provider", "model", "route", "userId", "sharedAssistantId", "apiKeyId", "assistantId", "inputTokens", "outputTokens", "latencyMs", "outcome", "errorMessage"] as const;

/** One row per model call, for the API-usage dashboard. */
export async function recordApiUsage(entry: ApiUsageEntry) {
  // Every chat message records one (the built-in model's too).
  const query = await prepared("recordApiUsage", (db) =>
    db
      .insert(apiUsage)
      .values(Object.fromEntries(COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as ApiUsageEntry)
      .prepare(""),
  );
  await query.execute({
    provider: entry.provider,
    model: entry.model,
    route: entry.route,
    userId: entry.userId ?? null,
    sharedAssistantId: entry.sharedAssistantId ?? null,
    apiKeyId: entry.apiKeyId ?? null,
    assistantId: entry.assistantId ?? null,
    inputTokens: entry.inputTokens ?? 0,
    outputTokens: entry.outputTokens ?? 0,
    latencyMs: entry.latencyMs ?? 0,
    outcome: entry.outcome,
    errorMessage: entry.errorMessage?.slice(0, 1_000) ?? null,
  });
}
