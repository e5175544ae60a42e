import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { readAiSettingsAudit } from "@/lib/server/use-cases/read-ai-settings";
import type { AuditPage } from "@/lib/server/present/api-types";

// GET /api/settings/ai-service/audit?page=: who changed the AI service's settings, when and what (newest first).
export const GET = route(
  { auth: "admin", query: z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) }) },
  async ({ query }): Promise<AuditPage> => readAiSettingsAudit(query.page),
);
