"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Check, FolderClosed, Pencil, Plus, Trash2, X } from "lucide-react";
import type { PublicCollection } from "@/lib/server/present/api-types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { COLLECTION_NAME_MAX_LENGTH, COLLECTIONS_PER_OWNER_MAX } from "@/lib/constants";
import { useLibraryActions } from "./use-library-actions";

/**
 * The owner's collections, made, renamed and deleted from the library. A collection's documents
 * are added from the list (select, then 加入到); deleting one keeps its documents.
 */
export function CollectionsDialog({ collections }: { collections: PublicCollection[] }) {
  const t = useTranslations("library");
  const tCommon = useTranslations("common");
  const { createCollection } = useLibraryActions();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const full = collections.length >= COLLECTIONS_PER_OWNER_MAX;

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="manage-collections">
          <FolderClosed />
          {t("collectionsButton", { count: collections.length })}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={tCommon("close")}
        // Escape in a name being changed gives up the change, not the whole dialog.
        onEscapeKeyDown={(e) => document.activeElement?.closest("[data-escape-cancels]") && e.preventDefault()}
        data-testid="collections-dialog"
      >
        <DialogTitle>{t("collectionsTitle")}</DialogTitle>
        <DialogDescription>{t("collectionsDescription")}</DialogDescription>
        <form
          className="flex gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!name.trim() || busy) return;
            setBusy(true);
            if (await createCollection(name.trim())) setName("");
            setBusy(false);
          }}
        >
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={COLLECTION_NAME_MAX_LENGTH}
            placeholder={t("collectionNamePlaceholder")}
            aria-label={t("collectionName")}
            disabled={full}
            data-testid="new-collection-name"
          />
          <Button type="submit" disabled={busy || full || !name.trim()} data-testid="create-collection">
            <Plus />
            {t("createCollection")}
          </Button>
        </form>
        {full ? <p className="text-xs text-muted-foreground">{t("collectionLimit", { max: COLLECTIONS_PER_OWNER_MAX })}</p> : null}
        {collections.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid="collections-empty">
            {t("collectionsEmpty")}
          </p>
        ) : (
          <ul className="max-h-[50dvh] divide-y overflow-y-auto rounded-lg border" data-testid="collection-list">
            {collections.map((c) => (
              <CollectionRow key={c.id} collection={c} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CollectionRow({ collection }: { collection: PublicCollection }) {
  const t = useTranslations("library");
  const tCommon = useTranslations("common");
  const { renameCollection, deleteCollection } = useLibraryActions();
  const [mode, setMode] = useState<"view" | "rename" | "delete">("view");
  const [name, setName] = useState(collection.name);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<boolean>) => {
    setBusy(true);
    if (await action()) setMode("view");
    setBusy(false);
  };

  if (mode === "rename") {
    return (
      <li className="p-2">
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && name.trim() !== collection.name) void act(() => renameCollection(collection, name.trim()));
            else setMode("view");
          }}
        >
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={COLLECTION_NAME_MAX_LENGTH}
            aria-label={t("renameLabel", { name: collection.name })}
            autoFocus
            onKeyDown={(e) => e.key === "Escape" && setMode("view")}
            data-escape-cancels
            data-testid="rename-collection-input"
          />
          <Button type="submit" size="icon" variant="ghost" disabled={busy} aria-label={tCommon("save")} title={tCommon("save")} data-testid="rename-collection-save">
            <Check />
          </Button>
          <Button type="button" size="icon" variant="ghost" onClick={() => setMode("view")} aria-label={tCommon("cancel")} title={tCommon("cancel")}>
            <X />
          </Button>
        </form>
      </li>
    );
  }

  return (
    <li className="grid gap-2 p-3" data-testid="collection-row" data-collection-name={collection.name}>
      <div className="flex items-center gap-2">
        <FolderClosed className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={collection.name}>
          {collection.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{t("documentCount", { count: collection.documentIds.length })}</span>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          onClick={() => {
            setName(collection.name);
            setMode("rename");
          }}
          aria-label={t("renameLabel", { name: collection.name })}
          title={t("rename")}
          data-testid="rename-collection"
        >
          <Pencil />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8 text-muted-foreground hover:text-destructive"
          onClick={() => setMode(mode === "delete" ? "view" : "delete")}
          aria-expanded={mode === "delete"}
          aria-label={t("deleteCollectionLabel", { name: collection.name })}
          title={t("deleteCollection")}
          data-testid="delete-collection"
        >
          <Trash2 />
        </Button>
      </div>
      {mode === "delete" ? (
        <div className="grid gap-2 rounded-md bg-destructive/5 p-2 text-xs" role="group" aria-label={t("deleteCollectionLabel", { name: collection.name })}>
          <p>{t("deleteCollectionBody")}</p>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="outline" onClick={() => setMode("view")}>
              {tCommon("cancel")}
            </Button>
            <Button size="sm" variant="destructive" disabled={busy} onClick={() => void act(() => deleteCollection(collection))} data-testid="confirm-delete-collection">
              {tCommon("delete")}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
