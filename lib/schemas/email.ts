import { z } from "zod";
import "@/lib/zod-jitless";
import {
  EMAIL_AUDIENCE_MAX_DAYS,
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_DEFAULT_RATE_PER_MINUTE,
  EMAIL_MAX_RATE_PER_MINUTE,
  EMAIL_MAX_LENGTH,
  EMAIL_PLAN_AUDIENCES,
  EMAIL_SUBJECT_MAX_LENGTH,
  ROLES,
} from "@/lib/constants";
import { emailSchema } from "./auth";

// Campaigns, audiences and mail settings: shared by the e-mail screens and their handlers.
// Messages are i18n keys, shown in the user's language.

const days = z
  .number({ message: "email.validation.days" })
  .int("email.validation.days")
  .min(1, "email.validation.days")
  .max(EMAIL_AUDIENCE_MAX_DAYS, "email.validation.days")
  .nullable();

/** Who a campaign goes to; every criterion set must hold. All unset: every active user. */
export const audienceSchema = z.object({
  plan: z.enum(EMAIL_PLAN_AUDIENCES).nullable().default(null),
  role: z.enum(ROLES).nullable().default(null),
  signedUpWithinDays: days.default(null),
  inactiveForDays: days.default(null),
});
export type Audience = z.infer<typeof audienceSchema>;
export const EVERYONE: Audience = { plan: null, role: null, signedUpWithinDays: null, inactiveForDays: null };

/** Reads a stored audience, whatever an older version wrote: anything unreadable is everyone. */
export function readAudience(value: unknown): Audience {
  const parsed = audienceSchema.safeParse(value);
  return parsed.success ? parsed.data : EVERYONE;
}

const subject = z
  .string()
  .max(EMAIL_SUBJECT_MAX_LENGTH, "email.validation.subjectTooLong")
  // Line breaks and control characters have no place in a header.
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "validation.invalidCharacter");

const body = z.string().max(EMAIL_BODY_MAX_LENGTH, "email.validation.bodyTooLong");

export const ratePerMinuteSchema = z
  .number({ message: "email.validation.rate" })
  .int("email.validation.rate")
  .min(0, "email.validation.rate")
  .max(EMAIL_MAX_RATE_PER_MINUTE, "email.validation.rate");

/** A draft as saved while typing: anything within bounds, even empty. */
export const campaignDraftSchema = z.object({
  subject,
  bodyMarkdown: body,
  audience: audienceSchema,
  ratePerMinute: ratePerMinuteSchema.default(EMAIL_DEFAULT_RATE_PER_MINUTE),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

/** What sending (or a test send) needs on top: a subject and a body. */
export const campaignReadySchema = campaignDraftSchema.extend({
  subject: subject.refine((v) => v.trim().length > 0, "email.validation.subjectRequired"),
  bodyMarkdown: body.refine((v) => v.trim().length > 0, "email.validation.bodyRequired"),
});

export const sendCampaignSchema = z.object({
  /** ISO time to start at; absent: now. */
  at: z.iso.datetime({ offset: true, message: "email.validation.when" }).optional(),
});

export const testSendSchema = z.object({ to: emailSchema });

export const campaignActionSchema = z.object({ action: z.enum(["pause", "resume", "cancel", "retryFailed", "unschedule"]) });

export const mailServerSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, "email.validation.host")
    .max(253, "email.validation.host")
    .regex(/^[A-Za-z0-9.:\-[\]]+$/, "email.validation.host"),
  port: z.number({ message: "email.validation.port" }).int("email.validation.port").min(1, "email.validation.port").max(65535, "email.validation.port"),
  security: z.enum(["tls", "starttls", "opportunistic"]),
  username: z.string().trim().max(254, "email.validation.username").nullable(),
  /** Absent: keep the saved password; null or empty: none. */
  password: z.string().max(1024).nullable().optional(),
  from: z.string().trim().max(EMAIL_MAX_LENGTH, "validation.emailInvalid").pipe(z.email("validation.emailInvalid")),
  /** The admin's opt-in for a relay on their own network (a private address). */
  allowPrivateNetwork: z.boolean().optional(),
});

export const recipientsQuerySchema = z.object({
  status: z.enum(["queued", "sending", "sent", "failed", "skipped"]).optional(),
  search: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
