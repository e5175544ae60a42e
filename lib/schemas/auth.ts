import { z } from "zod";
import "@/lib/zod-jitless";
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLANS,
  ROLES,
} from "@/lib/constants";
import { calendarDay } from "@/lib/checkin-streak";
import { isCalendarDay } from "@/lib/zoned-day";

// Shared by the forms and the handlers. Issue messages are i18n keys so the form can show them
// in the user's language.

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, "validation.emailInvalid")
  .pipe(z.email("validation.emailInvalid"));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong");

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, "validation.displayNameRequired")
  .max(DISPLAY_NAME_MAX_LENGTH, "validation.displayNameTooLong")
  // Control characters would break exports and e-mail headers later.
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "validation.displayNameRequired");

export const loginSchema = z.object({
  email: z.string().trim().min(1, "validation.emailInvalid").max(EMAIL_MAX_LENGTH, "validation.emailInvalid"),
  password: z.string().min(1, "validation.passwordTooShort").max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong"),
});

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  referralCode: z.string().trim().max(32).optional(),
});

export const trialSetupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  // Who gets a workspace (docs/rules/roles-and-routes.md#who-has-a-workspace), chosen by the first admin; absent: the default holds.
  workspaceAccess: z.enum(["admins", "everyone"]).optional(),
});

export const createUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  role: z.enum(ROLES).default("user"),
  plan: z.enum(PLANS).default("free"),
});

/**
 * The last day of an admin's supporter grant (YYYY-MM-DD, through the end of that day in the
 * product's time zone): a real day, today or later.
 */
export const supporterUntilSchema = z
  .string()
  .refine(isCalendarDay, "validation.supporterUntilInvalid")
  .refine((day) => day >= calendarDay(new Date()), "validation.supporterUntilPast");

export const updateUserSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    plan: z.enum(PLANS).optional(),
    // Only beside plan "supporter": setting the plan without it grants with no end date.
    supporterUntil: supporterUntilSchema.nullable().optional(),
    disabled: z.boolean().optional(),
    displayName: displayNameSchema.optional(),
  })
  .strict()
  .refine((v) => v.supporterUntil == null || v.plan === "supporter", {
    path: ["supporterUntil"],
    message: "validation.supporterUntilNeedsSupporter",
  });

export const updateProfileSchema = z.object({ displayName: displayNameSchema }).strict();

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
