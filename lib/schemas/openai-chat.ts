import { z } from "zod";
import "@/lib/zod-jitless";
import { API_CHAT_MESSAGE_MAX_LENGTH, API_CHAT_MESSAGES_MAX, JSON_BODY_MAX_BYTES, MESSAGE_MAX_LENGTH } from "@/lib/constants";

// The public API's requests, in OpenAI's Chat Completions shape so its clients and SDKs work
// unchanged. The handlers validate with these, and the OpenAPI document is generated from them.
// Fields OpenAI defines that an assistant does not use (temperature, top_p, user, …) are accepted
// and ignored rather than refused, as clients send them by default.

const textPart = z.object({ type: z.literal("text"), text: z.string().max(API_CHAT_MESSAGE_MAX_LENGTH) }).meta({ description: "A text part (images are not accepted)." });

const content = z.union([z.string().max(API_CHAT_MESSAGE_MAX_LENGTH), z.array(textPart).max(API_CHAT_MESSAGES_MAX)]);

export const chatCompletionMessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant"]).meta({
    description: "system and developer messages are ignored: the assistant answers with its own role prompt, as its share does.",
  }),
  content: content.nullable().optional(),
});

/** POST /api/v1/chat/completions */
export const chatCompletionRequestSchema = z
  .looseObject({
    model: z.string().min(1).max(100).meta({ description: "The assistant's id (GET /api/v1/models lists the one the key may ask)." }),
    messages: z
      .array(chatCompletionMessageSchema)
      .min(1)
      .max(API_CHAT_MESSAGES_MAX)
      .meta({ description: "The conversation so far; the last message is the question, from the user." }),
    stream: z.boolean().nullable().optional().meta({ description: "Server-sent events in OpenAI's chunk format, ending with data: [DONE]." }),
    stream_options: z
      .looseObject({ include_usage: z.boolean().nullable().optional() })
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    const last = body.messages[body.messages.length - 1];
    const question = last ? textOf(last.content) : "";
    if (last?.role !== "user" || question.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["messages", body.messages.length - 1], message: "validation.apiQuestionRequired" });
    } else if (question.length > MESSAGE_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["messages", body.messages.length - 1, "content"], message: "validation.chatMessageTooLong" });
    }
  });

/** A full conversation of text fits (four bytes a character at most); a body beyond is refused unread. */
export const CHAT_COMPLETION_BODY_MAX_BYTES = API_CHAT_MESSAGES_MAX * API_CHAT_MESSAGE_MAX_LENGTH * 4 + JSON_BODY_MAX_BYTES;

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
export type ChatCompletionMessage = z.infer<typeof chatCompletionMessageSchema>;

/** A message's text: a string, or its text parts joined. */
export function textOf(content: ChatCompletionMessage["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text).join("");
}
