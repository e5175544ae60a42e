"use client";

import { useTranslations } from "next-intl";
import type { ZodType } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, DISPLAY_NAME_MAX_LENGTH, FEEDBACK_MESSAGE_MAX_LENGTH } from "@/lib/constants";

const PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, nameMax: DISPLAY_NAME_MAX_LENGTH, messageMax: FEEDBACK_MESSAGE_MAX_LENGTH };

/**
 * Validates form values with the same zod schema the server uses and returns the first error
 * per field, translated (schema messages are i18n keys such as "validation.emailInvalid").
 */
export function useZodFormErrors() {
  const t = useTranslations();
  return function validate<T>(schema: ZodType<T>, values: unknown): { data?: T; errors: Record<string, string> } {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { data: parsed.data, errors: {} };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      if (errors[field]) continue;
      const key = issue.message;
      const max = key === "validation.displayNameTooLong" ? PARAMS.nameMax : key === "validation.messageTooLong" ? PARAMS.messageMax : PARAMS.max;
      errors[field] = t.has(key as never) ? t(key as never, { min: PARAMS.min, max } as never) : key;
    }
    return { errors };
  };
}
