import "server-only";
import { env } from "@/lib/env";
import type { User } from "@/lib/server/db/schema";
import { getSetting, setSetting } from "@/lib/server/queries/app-settings";

// Who has a workspace at "/" (docs/rules/roles-and-routes.md#who-has-a-workspace) (and the workspace APIs). Default from the
// environment; admins can change it from the console.
export type WorkspaceAccess = "admins" | "everyone";

const KEY = "workspace_access";

export async function getWorkspaceAccess(): Promise<WorkspaceAccess> {
  const saved = await getSetting<WorkspaceAccess>(KEY);
  return saved === "admins" || saved === "everyone" ? saved : env.WORKSPACE_ACCESS;
}

export async function setWorkspaceAccess(value: WorkspaceAccess) {
  await setSetting(KEY, value);
}

/** Admins and managers make assistants from documents; everyone else once the workspaces are opened to all. */
export async function canUseWorkspace(user: Pick<User, "role"> | null | undefined): Promise<boolean> {
  if (!user) return false;
  if (user.role === "admin" || user.role === "manager") return true;
  return (await getWorkspaceAccess()) === "everyone";
}

/** Whether this reader has a workspace; signed out, whether registering would give them one. */
export async function workspaceOpenTo(user: Pick<User, "role"> | null): Promise<boolean> {
  return user ? canUseWorkspace(user) : (await getWorkspaceAccess()) === "everyone";
}
