import "server-only";
import type { Role } from "@/lib/constants";

/**
 * What the /admin dashboard shows a member of staff. /admin is open to admins and managers, but
 * the user list, the feedback and the API-usage screen are the admins'
 * (docs/rules/roles-and-routes.md#the-admin-console). So a manager sees the figures (counts,
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
