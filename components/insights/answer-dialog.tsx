"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { UPLOAD_ACCEPT } from "@/components/files/upload-zone";
import { useUploads } from "@/components/files/use-uploads";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { CURATED_ANSWER_MAX_LENGTH, CURATED_QUESTION_MAX_LENGTH } from "@/lib/constants";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import { toast } from "@/lib/toast";
import type { CuratedAnswer } from "@/lib/server/present/api-types";

/** What the dialog writes: a new answer for a question, or a change to one written before. */
export type AnswerDraft = { question: string; answer: string; id?: string };

/**
 * The owner writes the right answer to a question (it and its rewordings are answered with it from
 * now on), or changes one written before. A refusal is said in the dialog; the draft stays. For a
 * new answer, the owner may instead upload a document that answers it: it joins the assistant's
 * documents, and its processing is followed in a toast as in the library.
 */
export function AnswerDialog({ assistantId, draft, onClose, onSaved }: { assistantId: string; draft: AnswerDraft | null; onClose: () => void; onSaved: (answer: CuratedAnswer) => void }) {
  const t = useTranslations("insights");
  const tv = useTranslations("validation");
  const tc = useTranslations("common");
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tc("close")} data-testid="answer-dialog">
        <DialogTitle>{t("writeAnswer")}</DialogTitle>
        <DialogDescription>{t("fixDescription")}</DialogDescription>
        {draft && <AnswerForm key={draft.id ?? draft.question} assistantId={assistantId} draft={draft} onCancel={onClose} onSaved={onSaved} t={t} tv={tv} />}
        {draft && !draft.id && <UploadInstead assistantId={assistantId} t={t} />}
      </DialogContent>
    </Dialog>
  );
}

function AnswerForm({
  assistantId,
  draft,
  onCancel,
  onSaved,
  t,
  tv,
}: {
  assistantId: string;
  draft: AnswerDraft;
  onCancel: () => void;
  onSaved: (answer: CuratedAnswer) => void;
  t: ReturnType<typeof useTranslations<"insights">>;
  tv: ReturnType<typeof useTranslations<"validation">>;
}) {
  const [question, setQuestion] = useState(draft.question);
  const [answer, setAnswer] = useState(draft.answer);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return setError(tv("curatedQuestionRequired"));
    if (!answer.trim()) return setError(tv("curatedAnswerRequired"));
    setSaving(true);
    try {
      const base = `/api/assistants/${encodeURIComponent(assistantId)}/answers`;
      const saved = await apiFetch<CuratedAnswer>(draft.id ? `${base}/${encodeURIComponent(draft.id)}` : base, { method: draft.id ? "PUT" : "POST", json: { question, answer } });
      toast.success(t("fixSaved"));
      onSaved(saved);
    } catch (failure) {
      // A refused rule names its key (validation.*); anything else says it in the server's words.
      const rule = failure instanceof ApiError ? failure.detailMessages.find((key) => key.startsWith("validation.")) : undefined;
      setError(rule ? tv(rule.slice("validation.".length) as Parameters<typeof tv>[0]) : errorMessage(failure, t("curatedSaveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} className="grid gap-3" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="answer-question">{t("fixQuestion")}</Label>
        <Input id="answer-question" value={question} maxLength={CURATED_QUESTION_MAX_LENGTH} onChange={(e) => setQuestion(e.target.value)} data-testid="answer-question" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="answer-text">{t("fixAnswer")}</Label>
        <Textarea id="answer-text" value={answer} maxLength={CURATED_ANSWER_MAX_LENGTH} onChange={(e) => setAnswer(e.target.value)} className="min-h-32" data-testid="answer-text" autoFocus />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="answer-error">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("fixCancel")}
        </Button>
        <Button type="submit" disabled={saving} data-testid="answer-save">
          {t("fixSave")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Uploads a document the assistant should answer from, instead of writing the answer. */
function UploadInstead({ assistantId, t }: { assistantId: string; t: ReturnType<typeof useTranslations<"insights">> }) {
  const input = useRef<HTMLInputElement>(null);
  const { uploads, uploadFiles } = useUploads(undefined, { assistantId });
  const uploading = uploads[0];
  return (
    <div className="grid gap-2 border-t pt-3" data-testid="answer-upload">
      <p className="text-sm text-muted-foreground">{t("fixUploadHint")}</p>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="answer-upload-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) void uploadFiles(files);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} disabled={!!uploading} data-testid="answer-upload-button">
          <Upload />
          {t("fixUpload")}
        </Button>
        {uploading && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            {t("fixUploading", { name: uploading.name, percent: uploading.percent })}
          </span>
        )}
      </div>
    </div>
  );
}
