"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

// The assistants', the file library's and the shares' screens (with their dialogs and forms) load
// when their tab is first opened, not with the chat: the workspace opens on the chat, and these are
// not on screen.
// Radix Tabs render only the open tab, so a closed tab's code is never asked for. Rendered in the
// browser only: a server-rendered upload button would take a file before its code had arrived,
// and drop it.

function Loading() {
  return (
    <div className="flex justify-center py-12 text-muted-foreground" role="status" aria-busy="true">
      <Spinner className="size-6" />
    </div>
  );
}

export const FileLibraryPanel = dynamic(() => import("@/components/files/file-library").then((m) => m.FileLibrary), { loading: Loading, ssr: false });

export const SharesPanel = dynamic(() => import("@/components/share-admin/shares-manager").then((m) => m.SharesManager), { loading: Loading, ssr: false });

export const AssistantsPanel = dynamic(() => import("@/components/assistants/assistants-manager").then((m) => m.AssistantsManager), { loading: Loading, ssr: false });
