"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { AlertTriangle, Code2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { EMBED_ORIGINS_MAX } from "@/lib/constants";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import { embedOriginLines, embedOriginsSchema } from "@/lib/schemas/embed-origins";
import { validationIssues, type FieldIssue } from "@/lib/share-admin/field-errors";
import { bubbleSnippet, embedOriginIndex, embedSnippet } from "@/lib/share-admin/embed-snippet";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { CopyableCode } from "./copyable-code";
import { sharePath, useShareActions } from "./use-share-actions";

/**
 * Embedding a share on the owner's own site: the sites allowed to frame it (one origin a line,
 * saved on its own) and the <iframe> code to paste there, with a copy button. Every other site
 * stays refused by the share page's frame-ancestors.
 */
export function ShareEmbedForm({ share }: { share: OwnerShare }) {
  const t = useTranslations("shares");
  const tAll = useTranslations();
  const tCommon = useTranslations("common");
  const { showSaved } = useShareActions();
  const [text, setText] = useState(share.embedOrigins.join("\n"));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const copyTexts = { copy: t("embedCopy"), copiedShort: t("embedCodeCopiedShort"), copied: t("embedCodeCopied"), failed: t("embedCodeCopyFailed") };

  /** The first problem, naming the line it is on: "「https://x.example/page」：…". */
  const describe = (issues: readonly FieldIssue[], lines: string[]) => {
    const issue = issues[0];
    const known = tAll.has(issue.message as never) ? tAll(issue.message as never) : tAll("errors.validation");
    const index = embedOriginIndex(issue.path);
    return index !== null && lines[index] !== undefined ? t("embedOriginError", { origin: lines[index], problem: known }) : known;
  };

  async function save() {
    const lines = embedOriginLines(text);
    const parsed = embedOriginsSchema.safeParse(lines);
    if (!parsed.success) return setError(describe(parsed.error.issues, lines));
    setError(undefined);
    setBusy(true);
    try {
      const saved = await apiFetch<OwnerShare>(sharePath(share), { method: "PATCH", json: { embedOrigins: parsed.data } });
      await showSaved(saved);
      setText(saved.embedOrigins.join("\n"));
      toast.success(t("embedSaved"));
    } catch (error) {
      const issues = error instanceof ApiError ? validationIssues(error.body) : undefined;
      if (issues) setError(describe(issues, lines));
      toast.error(t("saveFailed"), { description: errorMessage(error, t("saveFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-5">
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormField id="share-embed-origins-input" label={t("embedOrigins")} error={error} hint={t("embedOriginsHint", { max: EMBED_ORIGINS_MAX })}>
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            placeholder="https://www.example.com"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            inputMode="url"
            className="font-mono"
            data-testid="share-embed-origins"
          />
        </FormField>
        <DialogFooter>
          <Button type="submit" disabled={busy} data-testid="share-embed-save">
            {busy ? tCommon("saving") : t("embedSave")}
          </Button>
        </DialogFooter>
      </form>
      <CopyableCode
        id="share-embed-code"
        label={t("embedCode")}
        value={embedSnippet(share)}
        notice={
          share.embedOrigins.length === 0 ? (
            <p className="flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400" role="note" data-testid="share-embed-none">
              <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
              {t("embedNoSites")}
            </p>
          ) : null
        }
        hint={t("embedVisitorHint")}
        texts={copyTexts}
        testId="share-embed"
      />
      <CopyableCode id="share-bubble-code" label={t("bubbleCode")} value={bubbleSnippet(share)} rows={3} hint={t("bubbleHint")} texts={copyTexts} testId="share-bubble" />
    </div>
  );
}

/** The embed button of one share and its dialog. */
export function ShareEmbedDialog({ share }: { share: OwnerShare }) {
  const t = useTranslations("shares");
  const tCommon = useTranslations("common");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("embedLabel", { name: share.name })} data-testid="share-embed">
          <Code2 />
          {t("embed")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="share-embed-dialog">
        <DialogTitle>{t("embedTitle")}</DialogTitle>
        <DialogDescription>{t("embedDescription")}</DialogDescription>
        <ShareEmbedForm share={share} />
      </DialogContent>
    </Dialog>
  );
}
