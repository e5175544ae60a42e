"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { Check, Copy, KeyRound, Trash2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ConfirmShareAction } from "@/components/share-admin/confirm-share-action";
import { API_KEY_NAME_MAX_LENGTH, COPY_FEEDBACK_MS } from "@/lib/constants";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import { createApiKeySchema } from "@/lib/schemas/api-keys";
import { returnFocusTo } from "@/lib/return-focus";
import type { CreatedApiKey, PublicApiKey, PublicAssistant } from "@/lib/server/present/api-types";

export const apiKeysPath = (assistantId: string) => `/api/assistants/${encodeURIComponent(assistantId)}/api-keys`;

/**
 * The keys programs use to ask one assistant through the public API: make a named one (shown whole
 * this once, with a copy button), see each by its prefix, when it was made and last used, and
 * revoke it (asked first). Opened from the assistant's card menu; focus returns there on closing.
 */
export function ApiKeysDialog({ assistant, open, onOpenChange, returnFocus }: { assistant: PublicAssistant; open: boolean; onOpenChange: (open: boolean) => void; returnFocus?: () => HTMLElement | null }) {
  const t = useTranslations("apiKeys");
  const tAll = useTranslations();
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const path = apiKeysPath(assistant.id);
  const { data: keys, error: loadError, mutate } = useSWR<PublicApiKey[]>(open ? path : null, jsonFetcher, {
    // Each opening reads the list afresh (the key turns from null to the path): a program may have used a key since.
    revalidateIfStale: true,
    dedupingInterval: 0,
  });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const keyField = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const baseUrl = typeof window === "undefined" ? "/api/v1" : `${window.location.origin}/api/v1`;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  function close(next: boolean) {
    // The whole key is gone once the dialog closes: it is never fetched again.
    if (!next) {
      setCreated(null);
      setName("");
      setNameError(undefined);
    }
    onOpenChange(next);
  }

  async function create() {
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) return setNameError(tAll(parsed.error.issues[0].message as never));
    setNameError(undefined);
    setBusy(true);
    try {
      const made = await apiFetch<CreatedApiKey>(path, { method: "POST", json: parsed.data });
      setCreated(made);
      setName("");
      await mutate();
      toast.success(t("created"));
    } catch (error) {
      toast.error(t("createFailed"), { description: errorMessage(error, t("createFailed")) });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!created) return;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      keyField.current?.focus();
      keyField.current?.select();
      toast.error(t("copyFailed"));
    }
  }

  async function revoke(key: PublicApiKey) {
    try {
      await apiFetch<PublicApiKey>(`${path}/${encodeURIComponent(key.id)}`, { method: "DELETE" });
      if (created?.id === key.id) setCreated(null);
      await mutate();
      toast.success(t("revoked"));
    } catch (error) {
      toast.error(t("revokeFailed"), { description: errorMessage(error, t("revokeFailed")) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={tCommon("close")} className="max-w-2xl" onCloseAutoFocus={returnFocusTo(returnFocus)} data-testid="api-keys-dialog">
        <DialogTitle>{t("title", { name: assistant.name })}</DialogTitle>
        <DialogDescription>{t("description")}</DialogDescription>

        <div className="grid gap-1">
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all" data-testid="api-keys-how-to">
            {t("howTo", { baseUrl, model: assistant.id })}
          </p>
          <a href="/guide/api" target="_blank" rel="noopener" className="text-sm text-primary hover:underline" data-testid="api-keys-guide">
            {t("guide")}
          </a>
        </div>

        <form
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <div className="min-w-0 flex-1">
            <FormField id="api-key-name" label={t("name")} error={nameError}>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={API_KEY_NAME_MAX_LENGTH + 20} placeholder={t("namePlaceholder")} autoComplete="off" data-testid="api-key-name" />
            </FormField>
          </div>
          <Button type="submit" disabled={busy} className={nameError ? "sm:mb-7" : undefined} data-testid="api-key-create">
            <KeyRound />
            {busy ? t("creating") : t("create")}
          </Button>
        </form>

        {created ? (
          <div className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-50 p-3 dark:bg-amber-950/30" role="status" data-testid="api-key-created">
            <p className="text-sm font-medium">{t("newKeyTitle")}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input ref={keyField} readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} aria-label={t("newKeyTitle")} className="font-mono text-xs md:text-xs" data-testid="api-key-value" />
              <Button type="button" variant="outline" onClick={() => void copy()} aria-live="polite" data-testid="api-key-copy">
                {copied ? <Check /> : <Copy />}
                {copied ? t("copied") : t("copy")}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{t("newKeyHint")}</p>
          </div>
        ) : null}

        <section aria-label={t("listLabel")} className="grid gap-2">
          {loadError ? (
            <p role="alert" className="text-sm text-destructive">
              {t("loadFailed")}
            </p>
          ) : keys && keys.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="api-keys-none">
              {t("none")}
            </p>
          ) : (
            <ul className="grid gap-2" data-testid="api-keys-list">
              {(keys ?? []).map((key) => (
                <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3" data-testid="api-key-row" data-revoked={key.revokedAt ? "true" : undefined}>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{key.name}</p>
                    <p className="font-mono text-xs text-muted-foreground">{key.prefix}…</p>
                    <p className="text-xs text-muted-foreground">
                      {t("createdAt", { date: when(key.createdAt) })} · {key.revokedAt ? t("revokedAt", { date: when(key.revokedAt) }) : key.lastUsedAt ? t("lastUsed", { date: when(key.lastUsedAt) }) : t("neverUsed")}
                    </p>
                  </div>
                  {key.revokedAt ? null : (
                    <ConfirmShareAction
                      trigger={
                        <Button type="button" variant="ghost" size="sm" className="text-destructive" aria-label={t("revokeLabel", { name: key.name })} data-testid="api-key-revoke">
                          <Trash2 />
                          {t("revoke")}
                        </Button>
                      }
                      title={t("revokeTitle", { name: key.name })}
                      body={t("revokeBody")}
                      confirmLabel={t("revokeConfirm")}
                      onConfirm={() => void revoke(key)}
                      testId="api-key-revoke"
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
