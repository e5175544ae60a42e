import type { AiSettingChange } from "@/lib/schemas/ai-service";

// The AI-service screen's data as GET /api/settings/ai-service and its siblings send it.

export type ValueSource = "saved" | "environment" | "default" | "unset";

export interface AiServiceView {
  saved: {
    baseUrl: string;
    chatModel: string;
    visionModel: string;
    embeddingModel: string;
    maxOutputTokens: number | null;
    offline: boolean;
    apiKeyLast4: string | null;
    hasApiKey: boolean;
    apiKeyUnreadable: boolean;
  };
  environment: {
    baseUrl: string | null;
    apiKeyLast4: string | null;
    chatModel: string | null;
    visionModel: string | null;
    embeddingModel: string | null;
  };
  defaults: { chatModel: string | null; maxOutputTokens: number };
  effective: {
    offline: boolean;
    offlineReason: "switch" | "unconfigured" | null;
    baseUrl: string | null;
    apiKeyLast4: string | null;
    chatModel: string;
    visionModel: string;
    embeddingModel: string | null;
    maxOutputTokens: number;
    sources: Record<"baseUrl" | "apiKey" | "chatModel" | "visionModel" | "embeddingModel" | "maxOutputTokens", ValueSource>;
  };
}

export type AuditChange = AiSettingChange;

export interface AuditEntry {
  id: string;
  actorName: string;
  actorEmail: string | null;
  changes: AuditChange[];
  createdAt: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  pageSize: number;
}

export type ConnectionProblem = "unconfigured" | "unreachable" | "unauthorized" | "model_not_found" | "not_found" | "rate_limited" | "timeout" | "not_api" | "error";

export type ConnectionResult =
  | { ok: true; latencyMs: number; model: string; reply: string }
  | { ok: false; latencyMs: number; model: string; problem: ConnectionProblem; status: number | null };

export const AI_SERVICE_KEY = "/api/settings/ai-service";
export const auditKey = (page: number) => `/api/settings/ai-service/audit?page=${page}`;
