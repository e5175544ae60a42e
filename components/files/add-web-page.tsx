"use client";

import { useId, useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { Globe } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY, USAGE_KEY } from "./document-keys";
import { processingToastId, useProcessingWatch } from "./use-processing-watch";

/**
 * Beside the upload zone: a web page added by its address. The server fetches and reads it before
 * answering, so a page it cannot take is refused here, under the field, with the reason; the
 * address stays for correcting. `disabled`: the month's uploads are used up (the zone says so).
 */
export function AddWebPage({ disabled = false }: { disabled?: boolean }) {
  const t = useTranslations("webPages");
  const tDocuments = useTranslations("documents");
  const { mutate } = useSWRConfig();
  const watch = useProcessingWatch();
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || address.trim() === "") return;
    setBusy(true);
    setError(null);
    try {
      const doc = await apiFetch<LibraryDocument>("/api/documents/web-page", { method: "POST", json: { url: address.trim() } });
      setAddress("");
      toast.loading(t("added"), { id: processingToastId(doc.id), description: t("addedDescription", { name: doc.originalName }) });
      watch(doc.id, doc.originalName);
      await mutate<LibraryDocument[]>(DOCUMENTS_KEY, (list) => [doc, ...(list ?? []).filter((d) => d.id !== doc.id)], { revalidate: false });
      void mutate(USAGE_KEY);
    } catch (failure) {
      setError(errorMessage(failure, tDocuments("uploadUnknownError")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-1.5 rounded-xl border bg-card p-4" data-testid="add-web-page" aria-busy={busy || undefined}>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium">
        <Globe className="size-4 text-muted-foreground" aria-hidden />
        {t("addLabel")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={t("placeholder")}
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            if (error) setError(null);
          }}
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className="min-w-0 flex-1"
          data-testid="web-page-url"
        />
        <Button type="submit" disabled={disabled || busy || address.trim() === ""} data-testid="add-web-page-button">
          {busy ? <Spinner /> : <Globe />}
          {busy ? t("adding") : t("add")}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="web-page-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("hint")}
      </p>
    </form>
  );
}
