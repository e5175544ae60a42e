import { z } from "zod";
import "@/lib/zod-jitless";
import { CURATED_ANSWER_MAX_LENGTH, CURATED_QUESTION_MAX_LENGTH, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from "@/lib/constants";
import { USAGE_MAX_RANGE_DAYS, USAGE_RANGE_PRESETS, daysBetween, isCalendarDay } from "@/lib/usage-report";

const calendarDay = z.string().refine(isCalendarDay, "usage.invalidDate");

/** An assistant's insights (and their CSV): the same ranges as the usage report, 30 days unless chosen. */
export const insightsQuerySchema = z
  .object({
    range: z.enum(USAGE_RANGE_PRESETS).default("30d"),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") return;
    if (!q.from || !q.to) return void ctx.addIssue({ code: "custom", path: [q.from ? "to" : "from"], message: "usage.invalidDate" });
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["to"], message: "usage.rangeReversed" });
    else if (span + 1 > USAGE_MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "usage.rangeTooLong" });
  });

export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** An answer the owner writes for a question of their assistant (POST and PUT …/answers). */
export const curatedAnswerSchema = z
  .object({
    question: z.string().trim().min(1, "validation.curatedQuestionRequired").max(CURATED_QUESTION_MAX_LENGTH, "validation.curatedQuestionTooLong"),
    answer: z.string().trim().min(1, "validation.curatedAnswerRequired").max(CURATED_ANSWER_MAX_LENGTH, "validation.curatedAnswerTooLong"),
  })
  .strict();

export type CuratedAnswerInput = z.infer<typeof curatedAnswerSchema>;

/** PUT /api/assistants/{id}/retention: keep conversations this many days, or (null) for ever. */
export const retentionSchema = z
  .object({ days: z.number().int("validation.retentionDays").min(RETENTION_DAYS_MIN, "validation.retentionDays").max(RETENTION_DAYS_MAX, "validation.retentionDays").nullable() })
  .strict();
