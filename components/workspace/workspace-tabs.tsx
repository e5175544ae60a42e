"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { FolderOpen, MessagesSquare, Share2 } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { TOP_BAR_ATTRIBUTE } from "@/components/layout/top-bar";
import { workspaceTab } from "./workspace-tab";

/** The workspace at "/": chat, file library and shares as tabs, the choice kept in ?tab= so links and reloads keep it. */
export function WorkspaceTabs({ chat, files, shares }: { chat: React.ReactNode; files: React.ReactNode; shares: React.ReactNode }) {
  const t = useTranslations("workspace");
  const tShares = useTranslations("shares");
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const current = workspaceTab(params);

  return (
    <Tabs
      value={current}
      // Only matters on the chat tab, whose screen fills the window (AppShell makes main a column then).
      className="flex min-h-0 flex-1 flex-col"
      onValueChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === "chat") next.delete("tab");
        else next.set("tab", value);
        router.replace(`${pathname}${next.size ? `?${next}` : ""}`, { scroll: false });
      }}
    >
      {/* Navigation at the page's top, under the header: toasts open below it (top-bar.ts). */}
      <TabsList aria-label={t("tabs")} className="w-full shrink-0 sm:w-auto" {...{ [TOP_BAR_ATTRIBUTE]: "" }}>
        <TabsTrigger value="chat" data-testid="tab-chat">
          <MessagesSquare className="size-4" aria-hidden />
          {t("chat")}
        </TabsTrigger>
        <TabsTrigger value="files" data-testid="tab-files">
          <FolderOpen className="size-4" aria-hidden />
          {t("files")}
        </TabsTrigger>
        <TabsTrigger value="shares" data-testid="tab-shares">
          <Share2 className="size-4" aria-hidden />
          {tShares("tab")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="chat" className="mt-2 flex min-h-0 flex-1 flex-col">
        {chat}
      </TabsContent>
      <TabsContent value="files" className="mt-6">{files}</TabsContent>
      <TabsContent value="shares" className="mt-6">{shares}</TabsContent>
    </Tabs>
  );
}
