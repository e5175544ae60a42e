import { z } from "zod";
import "@/lib/zod-jitless";
import {
  USAGE_DIMENSIONS,
  USAGE_MAX_RANGE_DAYS,
  USAGE_RANGE_PRESETS,
  USAGE_SORTS,
  daysBetween,
  isCalendarDay,
} from "@/lib/usage-report";

const calendarDay = z.string().refine(isCalendarDay, "usage.invalidDate");

const reportFields = z.object({
  range: z.enum(USAGE_RANGE_PRESETS).default("30d"),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  dimension: z.enum(USAGE_DIMENSIONS).default("model"),
  sort: z.enum(USAGE_SORTS).default("calls"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

function checkCustomRange(q: { range: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.range !== "custom") return;
  if (!q.from || !q.to) {
    ctx.addIssue({ code: "custom", path: [q.from ? "to" : "from"], message: "usage.invalidDate" });
    return;
  }
  const span = daysBetween(q.from, q.to);
  if (span < 0) ctx.addIssue({ code: "custom", path: ["to"], message: "usage.rangeReversed" });
  else if (span + 1 > USAGE_MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "usage.rangeTooLong" });
}

/** The query of the usage report and of the screen's address bar. */
export const usageReportQuerySchema = reportFields.superRefine(checkCustomRange);

/** The CSV export: the same view, and which of its tables. */
export const usageExportQuerySchema = reportFields.extend({ table: z.enum(["days", "breakdown"]).default("breakdown") }).superRefine(checkCustomRange);

export type UsageReportQuery = z.infer<typeof usageReportQuerySchema>;

export const MODEL_NAME_MAX_LENGTH = 200;
/** US dollars per million tokens. */
export const MODEL_PRICE_MAX = 100_000;

const price = z
  .number({ error: "usage.priceInvalid" })
  .min(0, "usage.priceInvalid")
  .max(MODEL_PRICE_MAX, "usage.priceInvalid")
  // numeric(12, 4) in the database.
  .transform((n) => Math.round(n * 10_000) / 10_000);

export const modelPriceSchema = z
  .object({
    model: z.string().trim().min(1, "usage.modelRequired").max(MODEL_NAME_MAX_LENGTH, "usage.modelRequired"),
    inputPerMillion: price,
    outputPerMillion: price,
  })
  .strict();

export const modelPriceDeleteSchema = z.object({ model: z.string().trim().min(1).max(MODEL_NAME_MAX_LENGTH) }).strict();
