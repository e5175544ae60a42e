import { z } from "zod";
import "@/lib/zod-jitless";
import { AI_API_KEY_MAX_LENGTH, AI_BASE_URL_MAX_LENGTH, AI_MODEL_NAME_MAX_LENGTH, AI_OUTPUT_TOKENS_MAX, AI_OUTPUT_TOKENS_MIN } from "@/lib/constants";

// The admin AI-service form, checked alike in the browser and on the server. An empty text field
// means "not set here": the environment's value (or the product's default) applies.

/** An OpenAI-compatible API's base URL: http(s), no credentials (the key has its own field), no query or fragment. */
export function baseUrlProblem(raw: string): "invalid" | "scheme" | "credentials" | "query" | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "scheme";
  if (!url.hostname) return "invalid";
  if (url.username || url.password) return "credentials";
  // The client appends /chat/completions to the base URL: a query or fragment would swallow it.
  if (url.search || url.hash || /[?#]/.test(raw)) return "query";
  return null;
}

const BASE_URL_MESSAGES = {
  invalid: "aiService.validation.baseUrlInvalid",
  scheme: "aiService.validation.baseUrlScheme",
  credentials: "aiService.validation.baseUrlCredentials",
  query: "aiService.validation.baseUrlQuery",
} as const;

const baseUrl = z
  .string()
  .trim()
  .max(AI_BASE_URL_MAX_LENGTH, "aiService.validation.baseUrlTooLong")
  .superRefine((value, ctx) => {
    if (value === "") return;
    const problem = baseUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: BASE_URL_MESSAGES[problem] });
  })
  // One spelling: "https://api.example.com/v1/" and ".../v1" are the same service.
  .transform((value) => value.replace(/\/+$/, ""));

// What providers call models: "gpt-4o-mini", "llama3.1:8b", "meta-llama/Llama-3.1-8B-Instruct",
// "text-embedding-3-small", an Azure deployment name. Never spaces or control characters.
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

const modelName = z
  .string()
  .trim()
  .max(AI_MODEL_NAME_MAX_LENGTH, "aiService.validation.modelTooLong")
  .refine((value) => value === "" || MODEL_NAME_PATTERN.test(value), "aiService.validation.modelInvalid");

/** The cap on a reply's length; null: the product's default. */
const maxOutputTokens = z
  .number({ message: "aiService.validation.maxOutputTokensInvalid" })
  .int("aiService.validation.maxOutputTokensInvalid")
  .min(AI_OUTPUT_TOKENS_MIN, "aiService.validation.maxOutputTokensRange")
  .max(AI_OUTPUT_TOKENS_MAX, "aiService.validation.maxOutputTokensRange")
  .nullable();

/** A new key: printable characters without spaces. Empty: keep the saved one. */
const apiKey = z
  .string()
  .trim()
  .max(AI_API_KEY_MAX_LENGTH, "aiService.validation.apiKeyTooLong")
  .refine((value) => value === "" || /^[\x21-\x7e]+$/.test(value), "aiService.validation.apiKeyInvalid");

const fields = {
  baseUrl,
  chatModel: modelName,
  visionModel: modelName,
  embeddingModel: modelName,
  maxOutputTokens,
  apiKey: apiKey.optional(),
  /** Forget the saved key (the environment's then applies, for the environment's URL). */
  removeApiKey: z.boolean().optional(),
  /** The admin's opt-in: the service is on their own network (Ollama, vLLM), at a private address. */
  allowPrivateNetwork: z.boolean().optional(),
};

/** PUT /api/settings/ai-service */
export const aiServiceSettingsSchema = z.object({ ...fields, offline: z.boolean() }).strict();

/** POST /api/settings/ai-service/test: the form as it stands, saved or not (the offline switch does not stop a test). */
export const aiServiceTestSchema = z.object({ ...fields, offline: z.boolean().optional() }).strict();

export type AiServiceSettingsInput = z.infer<typeof aiServiceSettingsSchema>;
export type AiServiceTestInput = z.infer<typeof aiServiceTestSchema>;

/** One line of the change log. The key is only ever said to be set, changed or removed. */
export type AiSettingChange =
  | { field: "apiKey"; change: "set" | "changed" | "removed" }
  | { field: "baseUrl" | "chatModel" | "visionModel" | "embeddingModel"; from: string | null; to: string | null }
  | { field: "maxOutputTokens"; from: number | null; to: number | null }
  | { field: "offline" | "allowPrivateNetwork"; from: boolean; to: boolean };
