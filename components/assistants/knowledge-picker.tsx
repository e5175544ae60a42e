"use client";

import { useDeferredValue, useId, useMemo, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { FileText, FolderClosed, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/files/status-badge";
import { useDocuments } from "@/components/files/use-documents";
import { KNOWLEDGE_PICKER_BATCH } from "@/lib/constants";
import { matchesName } from "@/lib/file-library/filter-documents";
import { cn } from "@/lib/utils";
import { useCollections } from "./use-collections";
import type { Knowledge } from "@/lib/server/present/api-types";

/**
 * What an assistant answers from: all the owner's documents (later uploads too), or the documents
 * and collections chosen here. Searchable, with counts; a thousand documents are drawn a hundred at
 * a time, so typing and ticking stay quick. Native radios and checkboxes: the keyboard and a
 * phone's screen reader work as everywhere else.
 */
export function KnowledgePicker({ value, onChange }: { value: Knowledge; onChange: (next: Knowledge) => void }) {
  const t = useTranslations("assistants");
  const id = useId();
  const { data: documents, isLoading } = useDocuments();
  const { data: collections } = useCollections();
  const [query, setQuery] = useState("");
  const search = useDeferredValue(query);
  const [onlyChosen, setOnlyChosen] = useState(false);
  const [shown, setShown] = useState(KNOWLEDGE_PICKER_BATCH);

  // What was chosen when the picker opened comes first, so an assistant's documents are seen at
  // once; ticking and unticking then move nothing.
  const [chosenAtOpen] = useState(() => ({ documents: new Set(value.documentIds), collections: new Set(value.collectionIds) }));
  const orderedDocuments = useMemo(() => firstThose(documents ?? [], chosenAtOpen.documents), [documents, chosenAtOpen]);
  const orderedCollections = useMemo(() => firstThose(collections ?? [], chosenAtOpen.collections), [collections, chosenAtOpen]);
  const chosenDocuments = useMemo(() => new Set(value.documentIds), [value.documentIds]);
  const chosenCollections = useMemo(() => new Set(value.collectionIds), [value.collectionIds]);
  // Documents a chosen collection already brings in: said beside them, so unticking one is not mistaken for leaving it out.
  const viaCollection = useMemo(() => new Set((collections ?? []).filter((c) => chosenCollections.has(c.id)).flatMap((c) => c.documentIds)), [collections, chosenCollections]);
  const matchingDocuments = useMemo(
    () => orderedDocuments.filter((d) => matchesName(d.originalName, search) && (!onlyChosen || chosenDocuments.has(d.id))),
    [orderedDocuments, search, onlyChosen, chosenDocuments],
  );
  const matchingCollections = useMemo(
    () => orderedCollections.filter((c) => matchesName(c.name, search) && (!onlyChosen || chosenCollections.has(c.id))),
    [orderedCollections, search, onlyChosen, chosenCollections],
  );

  const setChosen = (documentIds: Iterable<string>, collectionIds: Iterable<string>) => onChange({ all: false, documentIds: [...documentIds], collectionIds: [...collectionIds] });
  const toggle = (set: ReadonlySet<string>, itemId: string) => {
    const next = new Set(set);
    if (next.has(itemId)) next.delete(itemId);
    else next.add(itemId);
    return next;
  };
  const library = documents ?? [];

  return (
    <fieldset className="grid gap-3" data-testid="knowledge-picker">
      <legend className="mb-2 text-sm font-medium">{t("knowledge")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <ModeOption name={`${id}-mode`} checked={value.all} onSelect={() => onChange({ all: true, documentIds: value.documentIds, collectionIds: value.collectionIds })} title={t("knowledgeAll")} hint={t("knowledgeAllHint")} testId="knowledge-all" />
        <ModeOption name={`${id}-mode`} checked={!value.all} onSelect={() => setChosen(value.documentIds, value.collectionIds)} title={t("knowledgeChosen")} hint={t("knowledgeChosenHint")} testId="knowledge-chosen" />
      </div>

      {value.all ? null : isLoading && !documents ? (
        <Spinner className="justify-self-center" />
      ) : library.length === 0 && (collections ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="knowledge-no-documents">
          {t.rich("knowledgeNoDocuments", { link: (chunks) => <Link href="/?tab=files" className="font-medium text-primary underline-offset-4 hover:underline">{chunks}</Link> })}
        </p>
      ) : (
        <div className="grid gap-2">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setShown(KNOWLEDGE_PICKER_BATCH);
              }}
              // Enter searches; it must not save the form around the picker.
              onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
              placeholder={t("knowledgeSearch")}
              aria-label={t("knowledgeSearch")}
              className="pl-8"
              data-testid="knowledge-search"
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
            <p className="font-medium" aria-live="polite" data-testid="knowledge-count">
              {t("knowledgeCount", { documents: chosenDocuments.size, collections: chosenCollections.size })}
            </p>
            <label className="flex items-center gap-1.5 text-muted-foreground">
              <input type="checkbox" className="size-4 accent-primary" checked={onlyChosen} onChange={(e) => setOnlyChosen(e.target.checked)} data-testid="knowledge-only-chosen" />
              {t("knowledgeOnlyChosen")}
            </label>
          </div>
          <div className="max-h-[min(20rem,45dvh)] overflow-y-auto rounded-lg border" data-testid="knowledge-options">
            {matchingCollections.length > 0 ? (
              <div role="group" aria-labelledby={`${id}-collections`}>
                <p id={`${id}-collections`} className="sticky top-0 z-10 border-b bg-muted px-3 py-1.5 text-xs font-medium text-muted-foreground">
                  {t("collections")}
                </p>
                <ul>
                  {matchingCollections.map((c) => (
                    <li key={c.id}>
                      <OptionRow
                        checked={chosenCollections.has(c.id)}
                        onToggle={() => setChosen(chosenDocuments, toggle(chosenCollections, c.id))}
                        icon={<FolderClosed className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
                        label={c.name}
                        detail={t("documentCount", { count: c.documentIds.length })}
                        testId="knowledge-collection"
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div role="group" aria-labelledby={`${id}-documents`}>
              <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 border-b bg-muted px-3 py-1 text-xs">
                <p id={`${id}-documents`} className="font-medium text-muted-foreground">
                  {t("documentsMatching", { count: matchingDocuments.length })}
                </p>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs"
                    disabled={matchingDocuments.length === 0 || matchingDocuments.every((d) => chosenDocuments.has(d.id))}
                    onClick={() => setChosen(new Set([...chosenDocuments, ...matchingDocuments.map((d) => d.id)]), chosenCollections)}
                    data-testid="knowledge-select-matching"
                  >
                    {t("selectMatching")}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs"
                    disabled={chosenDocuments.size === 0 && chosenCollections.size === 0}
                    onClick={() => setChosen([], [])}
                    data-testid="knowledge-clear"
                  >
                    {t("clearChosen")}
                  </Button>
                </div>
              </div>
              {matchingDocuments.length === 0 ? (
                <p className="px-3 py-4 text-center text-sm text-muted-foreground" data-testid="knowledge-no-match">
                  {t("knowledgeNoMatch")}
                </p>
              ) : (
                <ul>
                  {matchingDocuments.slice(0, shown).map((d) => (
                    <li key={d.id}>
                      <OptionRow
                        checked={chosenDocuments.has(d.id)}
                        onToggle={() => setChosen(toggle(chosenDocuments, d.id), chosenCollections)}
                        icon={<FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
                        label={d.originalName}
                        detail={viaCollection.has(d.id) ? t("viaCollection") : undefined}
                        badge={d.status === "processed" ? undefined : <StatusBadge status={d.status} />}
                        testId="knowledge-document"
                      />
                    </li>
                  ))}
                </ul>
              )}
              {matchingDocuments.length > shown ? (
                <div className="border-t p-2 text-center">
                  <Button type="button" variant="outline" size="sm" onClick={() => setShown((n) => n + KNOWLEDGE_PICKER_BATCH)} data-testid="knowledge-more">
                    {t("showMore", { count: matchingDocuments.length - shown })}
                  </Button>
                </div>
              ) : null}
            </div>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** `items` with those in `first` before the rest, each part in its own order. */
function firstThose<T extends { id: string }>(items: readonly T[], first: ReadonlySet<string>): T[] {
  if (first.size === 0) return [...items];
  return [...items.filter((i) => first.has(i.id)), ...items.filter((i) => !first.has(i.id))];
}

function ModeOption({ name, checked, onSelect, title, hint, testId }: { name: string; checked: boolean; onSelect: () => void; title: string; hint: string; testId: string }) {
  return (
    <label className={cn("flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring", checked && "border-primary bg-primary/5")}>
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="mt-0.5 size-4 shrink-0 accent-primary" data-testid={testId} />
      <span className="grid gap-0.5">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}

function OptionRow({ checked, onToggle, icon, label, detail, badge, testId }: { checked: boolean; onToggle: () => void; icon: React.ReactNode; label: string; detail?: string; badge?: React.ReactNode; testId: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2.5 border-b px-3 py-2 last:border-b-0 hover:bg-accent/50" data-testid={testId} data-checked={checked}>
      <input type="checkbox" checked={checked} onChange={onToggle} className="size-4 shrink-0 accent-primary" />
      {icon}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm" title={label}>
          {label}
        </span>
        {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
      </span>
      {badge}
    </label>
  );
}
