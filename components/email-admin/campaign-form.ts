import { EMAIL_PLAN_AUDIENCES, ROLES, type EmailPlanAudience, type Role } from "@/lib/constants";
import type { CampaignDraft } from "@/lib/schemas/email";

// The compose form's values as typed (numbers as text, so "", "abc" and "0" stay what was typed)
// and the draft the server stores.

export interface CampaignFormValues {
  subject: string;
  bodyMarkdown: string;
  plan: "" | EmailPlanAudience;
  role: "" | Role;
  signedUpWithinDays: string;
  inactiveForDays: string;
  ratePerMinute: string;
}

export function formValues(draft: CampaignDraft): CampaignFormValues {
  return {
    subject: draft.subject,
    bodyMarkdown: draft.bodyMarkdown,
    plan: draft.audience.plan ?? "",
    role: draft.audience.role ?? "",
    signedUpWithinDays: draft.audience.signedUpWithinDays === null ? "" : String(draft.audience.signedUpWithinDays),
    inactiveForDays: draft.audience.inactiveForDays === null ? "" : String(draft.audience.inactiveForDays),
    ratePerMinute: String(draft.ratePerMinute),
  };
}

const number = (text: string) => (text.trim() === "" ? null : Number(text));

/** What to validate and save; a number that is not one stays NaN, for the schema to name. */
export function draftOf(values: CampaignFormValues): CampaignDraft {
  return {
    subject: values.subject,
    bodyMarkdown: values.bodyMarkdown,
    audience: {
      plan: values.plan || null,
      role: values.role || null,
      signedUpWithinDays: number(values.signedUpWithinDays),
      inactiveForDays: number(values.inactiveForDays),
    },
    ratePerMinute: number(values.ratePerMinute) ?? Number.NaN,
  };
}

export function isFormValues(value: unknown): value is CampaignFormValues {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    ["subject", "bodyMarkdown", "signedUpWithinDays", "inactiveForDays", "ratePerMinute"].every((k) => typeof v[k] === "string") &&
    (v.plan === "" || (EMAIL_PLAN_AUDIENCES as readonly unknown[]).includes(v.plan)) &&
    (v.role === "" || (ROLES as readonly unknown[]).includes(v.role))
  );
}
