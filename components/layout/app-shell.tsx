import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { AppHeader } from "./app-header";

export async function AppShell({ children }: { children: React.ReactNode }) {
  const workspaceForEveryone = (await getWorkspaceAccess()) === "everyone";
  return (
    // A screen marked data-fill-viewport (the chat) gets exactly the window's height below the
    // header instead of a page that grows: it scrolls inside itself, and the page does not.
    <div className="flex min-h-dvh flex-col has-[[data-fill-viewport]]:h-dvh">
      <AppHeader workspaceForEveryone={workspaceForEveryone} />
      <main
        id="main"
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:py-10 has-[[data-fill-viewport]]:flex has-[[data-fill-viewport]]:min-h-0 has-[[data-fill-viewport]]:flex-col has-[[data-fill-viewport]]:pt-3 has-[[data-fill-viewport]]:pb-2 md:has-[[data-fill-viewport]]:pt-4 md:has-[[data-fill-viewport]]:pb-3"
      >
        {children}
      </main>
    </div>
  );
}
