import "server-only";
import { AI_SERVICE_AUDIT_PAGE_SIZE } from "@/lib/constants";
import { AI_SERVICE_SETTING, effectiveConfig, openStoredKey, readStoredAiService } from "@/lib/server/ai/ai-config";
import { toAiServiceView, toAuditEntry, type AiServiceView, type AuditPage } from "@/lib/server/present/ai-service";
import { listSettingsAudit } from "@/lib/server/queries/settings-audit";

/** The AI-service screen's settings: what is saved, what the environment gives, what is in force. */
export async function readAiSettings(): Promise<AiServiceView> {
  // Fresh: the admin who just saved (on any instance) sees what was saved.
  const stored = await readStoredAiService({ fresh: true });
  return toAiServiceView(stored, effectiveConfig(stored, await openStoredKey(stored)));
}

/** A page (0-based) of the AI-service change log, newest first. */
export async function readAiSettingsAudit(page: number): Promise<AuditPage> {
  const { entries, total } = await listSettingsAudit({ setting: AI_SERVICE_SETTING, limit: AI_SERVICE_AUDIT_PAGE_SIZE, offset: page * AI_SERVICE_AUDIT_PAGE_SIZE });
  return { entries: entries.map(toAuditEntry), total, pageSize: AI_SERVICE_AUDIT_PAGE_SIZE };
}
