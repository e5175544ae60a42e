import { CHAT_COMPLETION_BODY_MAX_BYTES, chatCompletionRequestSchema, textOf, type ChatCompletionRequest } from "@/lib/schemas/openai-chat";
import { apiPreflight } from "@/lib/server/http/api-cors";
import { chatCompletionResponse } from "@/lib/server/http/chat-completion-response";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { requireKeyModel } from "@/lib/server/policies/api-key-model";
import type { ApiTurn } from "@/lib/server/use-cases/answer-message";

/** The conversation before the question: user and assistant turns (system messages give way to the assistant's own role prompt). */
function historyOf(messages: ChatCompletionRequest["messages"]): ApiTurn[] {
  return messages
    .slice(0, -1)
    .filter((m): m is typeof m & { role: "user" | "assistant" } => m.role === "user" || m.role === "assistant")
    .map((m) => ({ role: m.role, content: textOf(m.content) }))
    .filter((m) => m.content.trim() !== "");
}

// POST /api/v1/chat/completions: the key's assistant answers, as OpenAI's Chat Completions API does (stream or not).
export const POST = route(
  { auth: "apiKey", errorShape: "openai", body: chatCompletionRequestSchema, maxBodyBytes: CHAT_COMPLETION_BODY_MAX_BYTES, limit: RATE_LIMITS.apiKeyRequests },
  async ({ apiKey, body, locale, t, requestId }) => {
    const assistant = requireKeyModel(apiKey, body.model);
    return chatCompletionResponse(
      {
        scope: { kind: "api", apiKeyId: apiKey.key.id, owner: apiKey.owner, assistant, history: historyOf(body.messages) },
        locale,
        content: textOf(body.messages[body.messages.length - 1].content).trim(),
      },
      { stream: body.stream === true, includeUsage: body.stream_options?.include_usage === true, model: assistant.id, requestId, failureMessage: t("errors.internal") },
    );
  },
);

export const OPTIONS = apiPreflight(["POST"]);
