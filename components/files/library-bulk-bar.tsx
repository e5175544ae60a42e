"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { FolderMinus, FolderPlus, Plus, Trash2 } from "lucide-react";
import type { PublicAssistant, PublicCollection } from "@/lib/server/present/api-types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { COLLECTION_NAME_MAX_LENGTH } from "@/lib/constants";
import type { LibraryDocument } from "./types";
import { useLibraryActions, type MembershipTarget } from "./use-library-actions";

/**
 * What can be done to the selected documents at once: add them to an assistant (one answering from
 * chosen documents) or a collection, new or not; remove them from those that have any of them; delete
 * them. Also selects every document the filters leave, past this page.
 */
export function LibraryBulkBar({
  selected,
  assistants,
  collections,
  matchingCount,
  onSelectMatching,
  onClear,
  onDelete,
}: {
  selected: LibraryDocument[];
  assistants: PublicAssistant[];
  collections: PublicCollection[];
  /** How many documents the filters leave, when that is more than are selected. */
  matchingCount: number | null;
  onSelectMatching: () => void;
  onClear: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("library");
  const tDocs = useTranslations("documents");
  const tCommon = useTranslations("common");
  const { changeMembers, createCollection } = useLibraryActions();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const ids = selected.map((d) => d.id);
  // "All documents" assistants already answer from every one: nothing to add or remove there.
  const chosenKnowledge = assistants.filter((a) => !a.knowledge.all);
  const selectedIn = (pick: (d: LibraryDocument) => string[] | undefined, id: string) => selected.filter((d) => (pick(d) ?? []).includes(id)).length;
  const removable = {
    assistants: chosenKnowledge.map((a) => ({ target: a, count: selectedIn((d) => d.assistantIds, a.id) })).filter((x) => x.count > 0),
    collections: collections.map((c) => ({ target: c, count: selectedIn((d) => d.collectionIds, c.id) })).filter((x) => x.count > 0),
  };
  const target = (kind: MembershipTarget["kind"], item: { id: string; name: string }): MembershipTarget => ({ kind, id: item.id, name: item.name });
  const removeFrom = (kind: MembershipTarget["kind"], item: { id: string; name: string }) =>
    void changeMembers(target(kind, item), "remove", selected.filter((d) => (kind === "assistant" ? d.assistantIds : d.collectionIds)?.includes(item.id)).map((d) => d.id));

  return (
    // Pinned under the app's top bar: the actions stay at hand while the list scrolls under them.
    <div className="sticky top-16 z-30 flex flex-wrap items-center gap-2 rounded-lg border bg-muted px-3 py-2 shadow-sm" role="region" aria-label={t("bulkRegion")} data-testid="bulk-bar">
      <span className="text-sm font-medium" aria-live="polite">
        {tDocs("selected", { count: selected.length })}
      </span>
      {matchingCount !== null ? (
        <Button variant="link" size="sm" className="h-8 px-1" onClick={onSelectMatching} data-testid="select-matching">
          {t("selectMatching", { count: matchingCount })}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="h-8 px-2" onClick={onClear} data-testid="clear-selection">
        {t("clearSelection")}
      </Button>
      <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" data-testid="bulk-add">
              <FolderPlus />
              {t("addTo")}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" collisionPadding={8} className="max-h-[min(60dvh,24rem)] w-64 overflow-y-auto" data-testid="bulk-add-menu">
            <DropdownMenuLabel className="text-xs text-muted-foreground">{t("assistants")}</DropdownMenuLabel>
            {chosenKnowledge.length === 0 ? (
              <DropdownMenuItem disabled>{t("noChosenAssistants")}</DropdownMenuItem>
            ) : (
              chosenKnowledge.map((a) => (
                <DropdownMenuItem key={a.id} onSelect={() => void changeMembers(target("assistant", a), "add", ids)} data-testid="bulk-add-assistant">
                  <span className="truncate">{a.name}</span>
                </DropdownMenuItem>
              ))
            )}
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs text-muted-foreground">{t("collections")}</DropdownMenuLabel>
            {collections.map((c) => (
              <DropdownMenuItem key={c.id} onSelect={() => void changeMembers(target("collection", c), "add", ids)} data-testid="bulk-add-collection">
                <span className="truncate">{c.name}</span>
              </DropdownMenuItem>
            ))}
            <DropdownMenuItem onSelect={() => setNaming(true)} data-testid="bulk-add-new-collection">
              <Plus />
              {t("newCollection")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" data-testid="bulk-remove">
              <FolderMinus />
              {t("removeFrom")}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" collisionPadding={8} className="max-h-[min(60dvh,24rem)] w-64 overflow-y-auto" data-testid="bulk-remove-menu">
            {removable.assistants.length + removable.collections.length === 0 ? <DropdownMenuItem disabled>{t("nothingToRemove")}</DropdownMenuItem> : null}
            {removable.assistants.length > 0 ? <DropdownMenuLabel className="text-xs text-muted-foreground">{t("assistants")}</DropdownMenuLabel> : null}
            {removable.assistants.map(({ target: a, count }) => (
              <DropdownMenuItem key={a.id} onSelect={() => removeFrom("assistant", a)} data-testid="bulk-remove-assistant">
                <span className="min-w-0 flex-1 truncate">{a.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
              </DropdownMenuItem>
            ))}
            {removable.collections.length > 0 ? <DropdownMenuLabel className="text-xs text-muted-foreground">{t("collections")}</DropdownMenuLabel> : null}
            {removable.collections.map(({ target: c, count }) => (
              <DropdownMenuItem key={c.id} onSelect={() => removeFrom("collection", c)} data-testid="bulk-remove-collection">
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button variant="destructive" size="sm" onClick={onDelete} data-testid="bulk-delete">
          <Trash2 />
          {tDocs("bulkDelete")}
        </Button>
      </div>

      <Dialog open={naming} onOpenChange={setNaming}>
        <DialogContent closeLabel={tCommon("close")} data-testid="new-collection-dialog">
          <DialogTitle>{t("newCollectionTitle")}</DialogTitle>
          <DialogDescription>{t("newCollectionDescription", { count: selected.length })}</DialogDescription>
          <form
            className="grid gap-3"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!name.trim()) return;
              const made = await createCollection(name.trim());
              if (!made) return;
              setNaming(false);
              setName("");
              await changeMembers(target("collection", made), "add", ids);
            }}
          >
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={COLLECTION_NAME_MAX_LENGTH} aria-label={t("collectionName")} placeholder={t("collectionNamePlaceholder")} autoFocus data-testid="bulk-new-collection-name" />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setNaming(false)}>
                {tCommon("cancel")}
              </Button>
              <Button type="submit" disabled={!name.trim()} data-testid="bulk-new-collection-save">
                {t("createAndAdd")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
