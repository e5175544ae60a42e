// One place that turns validation problems into a message per form field, in the reader's
// language, whether zod found them in the browser or the server sent them back.

import { readError } from "@/lib/errors";

/** A zod issue in the browser, or one `details` entry of a 400 from the server. */
export interface FieldIssue {
  path: string | readonly PropertyKey[];
  message: string;
}

/**
 * The first message per field. Schema messages are i18n keys ("validation.assistantNameRequired");
 * `translate` gives undefined for anything that is not one (zod's own English defaults), and the
 * field's `fallbacks` entry, else `generic`, is shown instead.
 */
export function fieldErrors(
  issues: readonly FieldIssue[],
  translate: (key: string) => string | undefined,
  fallbacks: Record<string, string>,
  generic: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === "string" ? (issue.path.split(".")[0] ?? "") : String(issue.path[0] ?? "");
    const key = field || "form";
    if (errors[key]) continue;
    errors[key] = translate(issue.message) ?? fallbacks[key] ?? generic;
  }
  return errors;
}

/** The `details` of a validation error body ({ error: { code: "validation", details: [...] } }), if it is one. */
export function validationIssues(body: unknown): FieldIssue[] | undefined {
  const { details } = readError(body);
  if (!Array.isArray(details)) return undefined;
  const issues = details.filter(
    (d): d is FieldIssue => !!d && typeof d === "object" && typeof (d as FieldIssue).path === "string" && typeof (d as FieldIssue).message === "string",
  );
  return issues.length > 0 ? issues : undefined;
}
