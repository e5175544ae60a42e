import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { env } from "@/lib/env";
import { getSetting } from "@/lib/server/queries/app-settings";
import { offlineModel } from "./offline/offline-model";

// The one registry of language models. A hosted or self-hosted OpenAI-compatible service when a
// key or base URL is configured (the admin AI-service screen's settings first, the environment as
// the default), the built-in offline model otherwise.

export type ModelPurpose = "chat" | "vision";

/** What the admin AI-service screen stores under app_settings "ai_service"; unset fields fall back to env. */
export interface AiServiceSettings {
  apiKey?: string;
  baseUrl?: string;
  chatModel?: string;
  visionModel?: string;
  /** Force the offline model even when a service is configured. */
  offline?: boolean;
  /** Time allowed for a whole reply (default AI_REPLY_TIMEOUT_MS); slow self-hosted models may need more. */
  timeoutMs?: number;
}

export const AI_SERVICE_SETTING = "ai_service";

export interface ResolvedModel {
  model: LanguageModelV4;
  provider: string;
  modelId: string;
  offline: boolean;
  timeoutMs?: number;
}

let testModel: LanguageModelV4 | undefined;

/** Tests put a stand-in for the paid service in place (the AI SDK's mock model), or undefined to undo. */
export function setLanguageModelForTests(model: LanguageModelV4 | undefined) {
  testModel = model;
}

export function offlineResolved(): ResolvedModel {
  return { model: offlineModel, provider: offlineModel.provider, modelId: offlineModel.modelId, offline: true };
}

const AI_SERVICE_SETTING_MAX_AGE_MS = 5_000;

export async function resolveModel(purpose: ModelPurpose): Promise<ResolvedModel> {
  if (testModel) return { model: testModel, provider: testModel.provider, modelId: testModel.modelId, offline: false };
  // Read on every model call: a copy up to 5 s old spares a busy share one query per message.
  const stored = (await getSetting<AiServiceSettings>(AI_SERVICE_SETTING, { maxAgeMs: AI_SERVICE_SETTING_MAX_AGE_MS })) ?? {};
  const apiKey = stored.apiKey ?? env.OPENAI_API_KEY;
  const baseUrl = stored.baseUrl ?? env.OPENAI_BASE_URL;
  if (stored.offline || (!apiKey && !baseUrl)) return offlineResolved();
  const chatModel = stored.chatModel ?? env.CHAT_MODEL;
  const modelId = purpose === "vision" ? (stored.visionModel ?? env.VISION_MODEL ?? chatModel) : chatModel;
  // Chat Completions: the API every OpenAI-compatible server (Ollama, vLLM, LM Studio) speaks.
  const provider = createOpenAI({ apiKey: apiKey ?? "none", baseURL: baseUrl, name: "openai-compatible" });
  return { model: provider.chat(modelId), provider: "openai-compatible", modelId, offline: false, timeoutMs: stored.timeoutMs };
}
