import "server-only";
import { z } from "zod";
import { chatCompletionRequestSchema } from "@/lib/schemas/openai-chat";
import { apiErrorSchema, chatCompletionChunkSchema, chatCompletionSchema, modelListSchema, modelSchema } from "@/lib/schemas/openai-responses";

// The public API's OpenAPI document, generated from the zod schemas its handlers validate with
// (requests) and its tests check answers against (responses).

const json = (schema: z.ZodType, io: "input" | "output" = "output") => z.toJSONSchema(schema, { io, unrepresentable: "any" });

const error = (description: string) => ({ description, content: { "application/json": { schema: json(apiErrorSchema) } } });

const errors = {
  "401": error("No key, a malformed one, or one that is revoked (WWW-Authenticate: Bearer)."),
  "403": error("The key's owner can no longer use assistants."),
  "429": { ...error("Too many requests with this key; Retry-After says how many seconds to wait."), headers: { "Retry-After": { schema: { type: "integer" } } } },
};

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "AI Document Assistant API",
      version: "1",
      description:
        "An assistant answers from its own documents through OpenAI's Chat Completions API, so OpenAI's clients and SDKs work unchanged. " +
        "An owner makes a key for one assistant (its card's menu, API keys); send it as Authorization: Bearer <key> (never in the address). " +
        "The model is the assistant's id. Replies cite passages as [n]; x_citations lists them.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key of one assistant (dak_…)." } } },
    paths: {
      "/chat/completions": {
        post: {
          operationId: "createChatCompletion",
          summary: "Ask the key's assistant",
          description: "The last message is the question; earlier user and assistant messages are the conversation so far. System and developer messages are ignored: the assistant answers with its own role prompt.",
          requestBody: { required: true, content: { "application/json": { schema: json(chatCompletionRequestSchema, "input") } } },
          responses: {
            "200": {
              description: "The reply, whole (application/json) or streamed (text/event-stream) when stream is true.",
              content: { "application/json": { schema: json(chatCompletionSchema) }, "text/event-stream": { schema: json(chatCompletionChunkSchema) } },
            },
            "400": error("The request is not valid (param names the first problem)."),
            "404": error("The model is not the key's assistant (model_not_found)."),
            "413": error("The request body is too large."),
            "502": error("The AI service failed to reply (ai_failed)."),
            ...errors,
          },
        },
      },
      "/models": {
        get: { operationId: "listModels", summary: "The key's assistant, as the one model", responses: { "200": { description: "One model.", content: { "application/json": { schema: json(modelListSchema) } } }, ...errors } },
      },
      "/models/{id}": {
        get: {
          operationId: "retrieveModel",
          summary: "The key's assistant by id",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "The model.", content: { "application/json": { schema: json(modelSchema) } } }, "404": error("Not the key's assistant."), ...errors },
        },
      },
    },
  };
}
