import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { currentAiConfig, type AiConfig } from "./ai-config";
import { offlineModel } from "./offline/offline-model";
import { serviceFetch } from "@/lib/server/outbound/service-fetch";

// The one registry of language models. A hosted or self-hosted OpenAI-compatible service when a
// key or base URL is configured (the admin AI-service screen's settings first, the environment as
// the default; lib/server/ai/ai-config.ts), the built-in offline model otherwise.

export type ModelPurpose = "chat" | "vision";

export { AI_SERVICE_SETTING } from "./ai-config";

export interface ResolvedModel {
  model: LanguageModelV4;
  provider: string;
  modelId: string;
  offline: boolean;
  timeoutMs?: number;
  /** The configured cap on a reply's length; a call may ask for less, never more. */
  maxOutputTokens?: number;
  /** The key the model sends, so that no error message carrying it is logged or stored. */
  secret?: string;
}

export function offlineResolved(maxOutputTokens?: number): ResolvedModel {
  return { model: offlineModel, provider: offlineModel.provider, modelId: offlineModel.modelId, offline: true, maxOutputTokens };
}

/** The model a configuration names for a purpose, online even when the configuration says offline (the connection test). */
export function serviceModel(config: AiConfig, purpose: ModelPurpose): ResolvedModel {
  const modelId = purpose === "vision" ? config.visionModel : config.chatModel;
  // Chat Completions: the API every OpenAI-compatible server (Ollama, vLLM, LM Studio) speaks.
  // A base URL typed on the admin screen connects only where the address guard allows.
  const fetch = config.addressPolicy ? serviceFetch(config.addressPolicy) : undefined;
  const provider = createOpenAI({ apiKey: config.apiKey ?? "none", baseURL: config.baseUrl, name: "openai-compatible", ...(fetch ? { fetch } : {}) });
  return {
    model: provider.chat(modelId),
    provider: "openai-compatible",
    modelId,
    offline: false,
    timeoutMs: config.timeoutMs,
    maxOutputTokens: config.maxOutputTokens,
    secret: config.apiKey,
  };
}

export function modelFor(config: AiConfig, purpose: ModelPurpose): ResolvedModel {
  return config.offline ? offlineResolved(config.maxOutputTokens) : serviceModel(config, purpose);
}

export async function resolveModel(purpose: ModelPurpose): Promise<ResolvedModel> {
  return modelFor(await currentAiConfig(), purpose);
}
