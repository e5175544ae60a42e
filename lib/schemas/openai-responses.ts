import { z } from "zod";
import "@/lib/zod-jitless";

// What the public API answers, in OpenAI's shapes: the OpenAPI document is generated from these,
// and the tests parse the handlers' real answers with them, so the document cannot drift from them.

export const apiCitationSchema = z
  .object({
    index: z.number().int().meta({ description: "The n of the [n] marker in the reply that cites it." }),
    document_id: z.string(),
    document_name: z.string(),
    page: z.number().int().nullable(),
    page_end: z.number().int().nullable(),
    page_unit: z.enum(["page", "sheet", "slide"]),
    quote: z.string().meta({ description: "The passage the reply drew on." }),
    url: z.string().nullable().meta({ description: "A web page's address, for a document added from the web." }),
  })
  .meta({ description: "A passage of the assistant's documents that the reply cites (an extension of OpenAI's format)." });

const usageSchema = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });

const identity = { id: z.string(), created: z.number().int(), model: z.string() };

export const chatCompletionSchema = z
  .object({
    ...identity,
    object: z.literal("chat.completion"),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal("assistant"), content: z.string(), refusal: z.null() }),
        logprobs: z.null(),
        finish_reason: z.literal("stop"),
      }),
    ),
    usage: usageSchema,
    x_citations: z.array(apiCitationSchema).meta({ description: "The passages the reply cites, in the order of their [n] markers." }),
  })
  ;

export const chatCompletionChunkSchema = z
  .object({
    ...identity,
    object: z.literal("chat.completion.chunk"),
    choices: z.array(
      z.object({
        index: z.number().int(),
        delta: z.object({ role: z.literal("assistant").optional(), content: z.string().optional() }),
        logprobs: z.null(),
        finish_reason: z.literal("stop").nullable(),
      }),
    ),
    usage: usageSchema.optional().meta({ description: "Only on the last chunk (no choices) when stream_options.include_usage is true." }),
    x_citations: z.array(apiCitationSchema).optional().meta({ description: "On the chunk with finish_reason \"stop\"." }),
  })
  .meta({ description: "One server-sent event (data: …); the stream ends with data: [DONE]." });

export const modelSchema = z
  .object({ id: z.string().meta({ description: "The assistant's id: the model to name." }), object: z.literal("model"), created: z.number().int(), owned_by: z.string(), name: z.string() })
  ;

export const modelListSchema = z.object({ object: z.literal("list"), data: z.array(modelSchema) });

export const apiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.enum(["invalid_request_error", "authentication_error", "permission_error", "not_found_error", "rate_limit_error", "api_error"]),
      param: z.string().nullable(),
      code: z.string(),
    }),
  })
  ;
