import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { SHELL_NAMESPACES, pageMessages } from "@/lib/i18n/client-namespaces";
import type { Messages } from "@/lib/i18n/locale";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { DataProvider } from "@/components/providers/data-provider";
import { CURRENT_USER_KEY } from "@/lib/client-user";
import { AppHeader } from "./app-header";

/**
 * The header and main column of every page but the shared one. `staff`: the console's pages,
 * whose browsers get the whole message catalogue; everyone else's get the shell's namespaces,
 * without the console's strings.
 */
export async function AppShell({ children, staff = false }: { children: React.ReactNode; staff?: boolean }) {
  const [access, messages, user] = await Promise.all([getWorkspaceAccess(), getMessages(), currentClientUser()]);
  const workspaceForEveryone = access === "everyone";
  // A screen marked data-fill-viewport (the chat) gets exactly the window's height below the
  // header instead of a page that grows: it scrolls inside itself, and the page does not.
  return (
    <NextIntlClientProvider messages={staff ? messages : pageMessages(messages as Messages, SHELL_NAMESPACES)}>
      <DataProvider fallback={{ [CURRENT_USER_KEY]: user }}>
        <div className="flex min-h-dvh flex-col has-[[data-fill-viewport]]:h-dvh">
          <AppHeader workspaceForEveryone={workspaceForEveryone} />
          <main
            id="main"
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:py-10 has-[[data-fill-viewport]]:flex has-[[data-fill-viewport]]:min-h-0 has-[[data-fill-viewport]]:flex-col has-[[data-fill-viewport]]:pt-3 has-[[data-fill-viewport]]:pb-2 md:has-[[data-fill-viewport]]:pt-4 md:has-[[data-fill-viewport]]:pb-3"
          >
            {children}
          </main>
        </div>
      </DataProvider>
    </NextIntlClientProvider>
  );
}
