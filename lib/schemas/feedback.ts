import { z } from "zod";
import "@/lib/zod-jitless";
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, FEEDBACK_MESSAGE_MAX_LENGTH } from "@/lib/constants";

export const FEEDBACK_CATEGORIES = ["bug", "feature", "question", "other"] as const;
export const FEEDBACK_STATUSES = ["new", "read", "resolved"] as const;

export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES).default("other"),
  message: z
    .string()
    .trim()
    .min(1, "validation.messageRequired")
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, "validation.messageTooLong"),
  name: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, "validation.displayNameTooLong").optional().or(z.literal("")),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, "validation.emailInvalid")
    .pipe(z.email("validation.emailInvalid"))
    .optional()
    .or(z.literal("")),
  pagePath: z.string().max(300).optional(),
});

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) }).strict();
