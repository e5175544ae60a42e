import { getWorkspaceAccess } from "@/lib/server/services/workspace-access";
import { AppHeader } from "./app-header";

export async function AppShell({ children }: { children: React.ReactNode }) {
  const workspaceForEveryone = (await getWorkspaceAccess()) === "everyone";
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader workspaceForEveryone={workspaceForEveryone} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:py-10">
        {children}
      </main>
    </div>
  );
}
