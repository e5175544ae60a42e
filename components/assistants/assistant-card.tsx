"use client";

import { useRef, useState } from "react";
import Link from "next/link";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { Copy, FileText, FolderOpen, KeyRound, Library, Loader2, MessagesSquare, MoreHorizontal, Pencil, Share2, Star, Trash2 } from "lucide-react";
import { quickLinkOf, useShareLink } from "@/components/share-admin/use-share-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ASSISTANTS_KEY } from "./assistant-keys";
import { ApiKeysDialog } from "./api-keys-dialog";
import { AssistantEditorDialog } from "./assistant-editor-dialog";
import { DeleteAssistantDialog } from "./delete-assistant-dialog";
import type { PublicAssistant } from "@/lib/server/present/api-types";
import { useAssistantActions } from "./use-assistant-actions";

/**
 * One assistant: its name (and whether it is the default), what it answers from, how many documents
 * and share links it has, and what the owner can do with it. One made for chosen documents that has
 * none yet says so, with the way to choose them.
 */
export function AssistantCard({ assistant, onlyOne }: { assistant: PublicAssistant; onlyOne: boolean }) {
  const t = useTranslations("assistants");
  const tKeys = useTranslations("apiKeys");
  const { mutate } = useSWRConfig();
  const { duplicate, makeDefault, remove } = useAssistantActions();
  const { create: share, creating: sharing } = useShareLink();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  const { knowledge } = assistant;
  const nothingChosen = !knowledge.all && knowledge.documentIds.length === 0 && knowledge.collectionIds.length === 0;
  const emptyLibrary = knowledge.all && assistant.documentCount === 0;

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm" data-testid="assistant-card" data-assistant-id={assistant.id}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h3 className="truncate font-semibold" title={assistant.name} data-testid="assistant-card-name">
              {assistant.name}
            </h3>
            {assistant.isDefault ? (
              <Badge variant="secondary" className="shrink-0" data-testid="assistant-default-badge">
                <Star aria-hidden />
                {t("defaultBadge")}
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{assistant.rolePrompt}</p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button ref={more} variant="ghost" size="icon" className="-mt-1 -mr-2 shrink-0" aria-label={t("moreLabel", { name: assistant.name })} title={t("more")} data-testid="assistant-more">
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void duplicate(assistant)} data-testid="assistant-duplicate">
              <Copy />
              {t("duplicate")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={assistant.isDefault} onSelect={() => void makeDefault(assistant)} data-testid="assistant-make-default">
              <Star />
              {t("makeDefault")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setKeysOpen(true)} data-testid="assistant-api-keys">
              <KeyRound />
              {tKeys("menu")}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={onlyOne}
              onSelect={() => setDeleting(true)}
              className="text-destructive focus:text-destructive"
              title={onlyOne ? t("keepOne") : undefined}
              data-testid="assistant-delete"
            >
              <Trash2 />
              {t("delete")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
        <Badge variant="outline" className="max-w-full" data-testid="assistant-knowledge">
          <Library aria-hidden />
          <span className="truncate">{knowledge.all ? t("knowledgeAll") : nothingChosen ? t("nothingChosen") : t("chosenSummary", { documents: knowledge.documentIds.length, collections: knowledge.collectionIds.length, both: knowledge.documentIds.length > 0 && knowledge.collectionIds.length > 0 ? "yes" : "no" })}</span>
        </Badge>
        <span className="inline-flex items-center gap-1" data-testid="assistant-document-count">
          <FileText className="size-3.5" aria-hidden />
          {t("answersFrom", { count: assistant.documentCount })}
        </span>
        <span className="inline-flex items-center gap-1" data-testid="assistant-share-count">
          <Share2 className="size-3.5" aria-hidden />
          {assistant.shareCount > 0 ? t("shareCount", { count: assistant.shareCount }) : t("notShared")}
        </span>
      </div>

      {nothingChosen ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed bg-muted/40 p-3" data-testid="assistant-no-documents">
          <div className="min-w-0">
            <p className="text-sm font-medium">{t("noDocumentsTitle")}</p>
            <p className="text-xs text-muted-foreground">{t("noDocumentsBody")}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="assistant-choose-documents">
            <FileText />
            {t("chooseDocuments")}
          </Button>
        </div>
      ) : emptyLibrary ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed bg-muted/40 p-3" data-testid="assistant-empty-library">
          <p className="min-w-0 text-sm">{t("emptyLibrary")}</p>
          <Button size="sm" variant="outline" asChild>
            <Link href="/?tab=files" scroll={false}>
              <FolderOpen />
              {t("toLibrary")}
            </Link>
          </Button>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-3">
        <Button size="sm" asChild>
          <Link href={`/?assistant=${encodeURIComponent(assistant.id)}`} aria-label={t("chatWithLabel", { name: assistant.name })} data-testid="assistant-chat">
            <MessagesSquare />
            {t("chatWith")}
          </Link>
        </Button>
        <AssistantEditorDialog
          assistant={assistant}
          open={editing}
          onOpenChange={setEditing}
          trigger={
            <Button size="sm" variant="outline" aria-label={t("editLabel", { name: assistant.name })} data-testid="assistant-edit">
              <Pencil />
              {t("edit")}
            </Button>
          }
        />
        <Button
          size="sm"
          variant="outline"
          className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          aria-label={t("shareLabel", { name: assistant.name })}
          aria-disabled={sharing || undefined}
          // Its count of share links follows.
          onClick={() => void share(quickLinkOf(assistant.id)).then(() => mutate(ASSISTANTS_KEY))}
          data-testid="assistant-share"
        >
          {sharing ? <Loader2 className="animate-spin" /> : <Share2 />}
          {t("share")}
        </Button>
      </div>

      <ApiKeysDialog assistant={assistant} open={keysOpen} onOpenChange={setKeysOpen} returnFocus={() => more.current} />
      <DeleteAssistantDialog assistant={assistant} open={deleting} onOpenChange={setDeleting} onConfirm={() => void remove(assistant)} returnFocus={() => more.current} />
    </li>
  );
}
