"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Bot, FolderOpen, MessagesSquare, Share2 } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { TOP_BAR_ATTRIBUTE } from "@/components/layout/top-bar";
import { workspaceTab } from "./workspace-tab";


/** The workspace at "/": chat, assistants, file library and shares as tabs, the choice kept in ?tab= so links and reloads keep it. */
export function WorkspaceTabs({ chat, assistants, files, shares }: { chat: React.ReactNode; assistants: React.ReactNode; files: React.ReactNode; shares: React.ReactNode }) {
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
      {/* Navigation at the page's top, under the header: toasts open below it (top-bar.ts). Four tabs
          share a phone's width: the icons are shown from sm up only. */}
      <TabsList aria-label={t("tabs")} className="w-full shrink-0 sm:w-auto" {...{ [TOP_BAR_ATTRIBUTE]: "" }}>
        <TabsTrigger value="chat" className="px-2 sm:px-3" data-testid="tab-chat">
          <MessagesSquare className="hidden size-4 sm:block" aria-hidden />
          {t("chat")}
        </TabsTrigger>
        <TabsTrigger value="assistants" className="px-2 sm:px-3" data-testid="tab-assistants">
          <Bot className="hidden size-4 sm:block" aria-hidden />
          {t("assistants")}
        </TabsTrigger>
        <TabsTrigger value="files" className="px-2 sm:px-3" data-testid="tab-files">
          <FolderOpen className="hidden size-4 sm:block" aria-hidden />
          {t("files")}
        </TabsTrigger>
        <TabsTrigger value="shares" className="px-2 sm:px-3" data-testid="tab-shares">
          <Share2 className="hidden size-4 sm:block" aria-hidden />
          {tShares("tab")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="chat" className="mt-2 flex min-h-0 flex-1 flex-col">
        {chat}
      </TabsContent>
      <TabsContent value="assistants" className="mt-6">{assistants}</TabsContent>
      <TabsContent value="files" className="mt-6">{files}</TabsContent>
      <TabsContent value="shares" className="mt-6">{shares}</TabsContent>
    </Tabs>
  );
}
