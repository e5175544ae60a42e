import "server-only";
import type { Role } from "@/lib/constants";

/**
 * What the /admin dashboard shows a member of staff. SPEC §2 opens /admin to admins and managers
 * but keeps the user list, the feedback and the API-usage screen for admins, and the workspace
 * (documents) is the admins' too (§6, ARCHITECTURE §7.1). So a manager sees the figures (counts,
 * tokens, estimated cost: nothing about any one person), and how many feedback messages and
 * failures there are, but not the feedback itself, who sent it, nor which documents failed and
 * whose they are.
 */
export function dashboardVisibility(role: Role) {
  const admin = role === "admin";
  return {
    feedbackContent: admin,
    failureDetails: admin,
  };
}
