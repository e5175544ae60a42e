import { z } from "zod";
import "@/lib/zod-jitless";
import { ASSISTANT_NAME_MAX_LENGTH, IMAGE_FILE_NAME_MAX_LENGTH, JSON_BODY_MAX_BYTES, MESSAGE_MAX_LENGTH, RATING_COMMENT_MAX_LENGTH, ROLE_PROMPT_MAX_LENGTH } from "@/lib/constants";
import { checkImageDataUrl, maxImageDataUrlLength } from "@/lib/image-data";

export const assistantProfileSchema = z
  .object({
    name: z.string().trim().min(1, "validation.assistantNameRequired").max(ASSISTANT_NAME_MAX_LENGTH, "validation.assistantNameTooLong"),
    rolePrompt: z.string().trim().max(ROLE_PROMPT_MAX_LENGTH, "validation.rolePromptTooLong"),
  })
  .strict();

const imageData = z
  .string()
  .max(maxImageDataUrlLength(), "validation.imageTooLarge")
  .superRefine((value, ctx) => {
    const check = checkImageDataUrl(value);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.reason === "too_large" ? "validation.imageTooLarge" : "validation.imageFormat" });
  });

/** A message may carry one image as a data URL; a body beyond that and the text is refused unread. */
export const MESSAGE_BODY_MAX_BYTES = maxImageDataUrlLength() + MESSAGE_MAX_LENGTH * 4 + JSON_BODY_MAX_BYTES;

/** POST /api/messages (and, with `message` for `content`, the shared assistant's messages). */
export const sendMessageSchema = z
  .object({
    content: z.string().max(MESSAGE_MAX_LENGTH, "validation.chatMessageTooLong").default(""),
    imageData: imageData.nullish(),
    imageFileName: z.string().trim().max(IMAGE_FILE_NAME_MAX_LENGTH).nullish(),
    clientId: z.string().trim().min(8).max(100).optional(),
    /** Which of the owner's assistants the message is to (absent: their default one). */
    assistantId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => v.content.trim() !== "" || Boolean(v.imageData), { message: "validation.messageRequired", path: ["content"] });

export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** POST /api/shared-assistants/{shareId}/messages (its text is named "message", not "content"). */
export const shareMessageSchema = z
  .object({
    message: z.string().max(MESSAGE_MAX_LENGTH, "validation.chatMessageTooLong").default(""),
    sessionId: z.string().max(130).optional(),
    imageData: imageData.nullish(),
    imageFileName: z.string().trim().max(IMAGE_FILE_NAME_MAX_LENGTH).nullish(),
    clientId: z.string().trim().min(8).max(100).optional(),
  })
  .refine((v) => v.message.trim() !== "" || Boolean(v.imageData), { message: "validation.messageRequired", path: ["message"] });

const historyItem = z.object({ role: z.enum(["user", "assistant"]), content: z.string().max(MESSAGE_MAX_LENGTH * 4) });

/** POST /api/ai-suggestions: the last reply and the conversation before it (the last 6 are used). */
export const aiSuggestionsSchema = z.object({
  assistantMessage: z.string().max(MESSAGE_MAX_LENGTH * 4).default(""),
  conversationHistory: z.array(historyItem).max(50).default([]),
  assistantName: z.string().max(ASSISTANT_NAME_MAX_LENGTH).optional(),
  assistantRole: z.string().max(ROLE_PROMPT_MAX_LENGTH).optional(),
  /** The shared page asks for follow-ups of its share. */
  shareId: z.string().max(100).optional(),
  /** Which of the owner's assistants (absent: their default one). */
  assistantId: z.string().max(100).optional(),
});

/** POST /api/initial-questions (shareId is the shared mode, for shared assistants). */
export const initialQuestionsSchema = z.object({
  assistantName: z.string().max(ASSISTANT_NAME_MAX_LENGTH).optional(),
  assistantRole: z.string().max(ROLE_PROMPT_MAX_LENGTH).optional(),
  shareId: z.string().max(100).optional(),
  /** Which of the owner's assistants (absent: their default one). */
  assistantId: z.string().max(100).optional(),
  forceRegenerate: z.boolean().optional(),
});

/**
 * PUT a reply's rating: thumbs up or down with an optional comment, or null to take the vote back.
 * On a share, a guest names their conversation's session id.
 */
export const rateReplySchema = z
  .object({
    rating: z.enum(["up", "down"], "validation.ratingInvalid").nullable(),
    comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH, "validation.ratingCommentTooLong").optional(),
    sessionId: z.string().max(130).optional(),
  })
  .strict();

export type RateReplyInput = z.infer<typeof rateReplySchema>;
