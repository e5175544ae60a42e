// The workspace's tabs at "/", chosen by ?tab= (workspace-tabs.tsx); the chat when none is given.
export const WORKSPACE_TABS = ["chat", "assistants", "files", "shares"] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

export function workspaceTab(params: { get: (name: string) => string | null }): WorkspaceTab {
  const tab = params.get("tab");
  return (WORKSPACE_TABS as readonly string[]).includes(tab ?? "") ? (tab as WorkspaceTab) : "chat";
}
