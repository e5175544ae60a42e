"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ImagePlus, LogIn, Send, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { messageWithImageAnalysis } from "@/lib/chat/analyze-image";
import { checkChosenImage, nextProgress } from "@/lib/chat/compose-message";
import { formatImageSize } from "@/lib/format-bytes";
import { INPUT_MAX_HEIGHT_DESKTOP_PX, INPUT_MAX_HEIGHT_MOBILE_PX, MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { cn } from "@/lib/utils";
import type { DraftImage } from "./types";

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The input bar: a text box that grows (to 45 px on a phone, 120 px on a desktop), Enter to send
 * and Shift+Enter for a new line, an image button and drop target, and the image preview whose
 * analysis runs when the message is sent.
 */
export function ChatInput({
  busy,
  mobile,
  onSend,
  analyzeUrl = "/api/analyze-image",
  onSignInToSend,
}: {
  busy: boolean;
  mobile: boolean;
  /** `onUnsent`: called when the message was not sent and nothing else took it over, to give the draft back. */
  onSend: (text: string, image: DraftImage | null, onUnsent: () => void) => Promise<unknown>;
  /** Where images are analysed (a share's visitors: with ?shareId=). */
  analyzeUrl?: string;
  /**
   * Set while sending needs a Google sign-in first (google_required, signed out): the send button
   * turns green and says so, and sending hands the draft over instead of sending it.
   */
  onSignInToSend?: (text: string, image: DraftImage | null) => void;
}) {
  const t = useTranslations("chat");
  const [text, setText] = useState("");
  const [image, setImage] = useState<DraftImage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [analysing, setAnalysing] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const working = busy || analysing;
  // The server takes at most MESSAGE_MAX_LENGTH characters: the count shows as the draft nears it,
  // and past it the box says so and will not send, rather than losing the draft to a refusal.
  const lengthNoteId = useId();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const nearLimit = text.length > MESSAGE_MAX_LENGTH * 0.9;
  const canSend = !working && !tooLong && (text.trim() !== "" || image !== null);
  const maxHeight = mobile ? INPUT_MAX_HEIGHT_MOBILE_PX : INPUT_MAX_HEIGHT_DESKTOP_PX;

  // Text typed into the server's copy of this box before the page's code arrived (the shared page
  // draws it before its code loads): the box is the same element now, and its words the draft.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, maxHeight)}px`;
  }, [text, maxHeight]);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkChosenImage(file);
    if (problem === "format") return void toast.error(t("imageFormatTitle"), { description: t("imageFormatBody") });
    if (problem === "too_large") return void toast.error(t("imageTooLargeTitle"), { description: t("imageTooLargeBody") });
    setImage({ file, dataUrl: await readDataUrl(file) });
    setProgress(null);
  };

  const submit = async () => {
    if (!canSend) return;
    if (onSignInToSend) return onSignInToSend(text, image);
    let content = text;
    if (image) {
      setAnalysing(true);
      setProgress(0);
      const timer = setInterval(() => setProgress((p) => nextProgress(p ?? 0)), 200);
      try {
        content = await messageWithImageAnalysis(analyzeUrl, image.file, image.file.name, text);
        setProgress(100);
      } catch {
        toast.error(t("analyzeFailedTitle"), { description: t("analyzeFailedBody") });
        setProgress(null);
        return;
      } finally {
        clearInterval(timer);
        setAnalysing(false);
      }
    }
    // The text leaves the box at once (the question shows in the conversation); the image stays
    // in the preview, 就緒, until the message has gone.
    const sent = image;
    const draft = text;
    setText("");
    // Not sent: the words go back in the box, unless the reader has begun another message there.
    const giveBack = () => setText((current) => (current === "" ? draft : current));
    try {
      await onSend(content, sent, giveBack);
    } finally {
      setImage(null);
      setProgress(null);
      box.current?.focus();
    }
  };

  return (
    <div
      className="relative rounded-2xl border bg-background p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring"
      onDragEnter={(event) => {
        if (event.dataTransfer.types.includes("Files")) setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!working) void attach(event.dataTransfer.files[0]);
      }}
      data-testid="chat-input"
    >
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary bg-primary/10 text-sm font-medium text-primary" data-testid="drop-overlay">
          {t("dropOverlay")}
        </div>
      )}
      {image && (
        <div className="mb-2 flex items-center gap-3 rounded-xl border bg-muted/40 p-2" data-testid="image-preview">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={image.dataUrl} alt="" className="size-12 shrink-0 rounded-md object-cover" />
          <div className="min-w-0 flex-1 text-xs">
            <p className="truncate font-medium">{image.file.name}</p>
            <p className="text-muted-foreground">
              {/* KB under 1 MB: a 2 KB image is not "0.00 MB". */}
              <span data-testid="image-size">{formatImageSize(image.file.size)}</span> · {image.file.type || t("image")}
              {progress !== null && <span className="ml-2" data-testid="image-progress">{progress >= 100 ? t("ready") : `${progress}%`}</span>}
            </p>
            {progress !== null && progress < 100 && (
              <div className="mt-1 h-1 overflow-hidden rounded bg-muted" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
                <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
              </div>
            )}
          </div>
          <button type="button" onClick={() => setImage(null)} disabled={analysing} className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground" aria-label={t("removeImage")} data-testid="remove-image">
            <X className="size-4" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <Button type="button" variant="ghost" size="icon" disabled={working} onClick={() => fileInput.current?.click()} aria-label={t("attachImage")} data-testid="attach-image">
          <ImagePlus />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="hidden"
          data-testid="image-file"
          onChange={(event) => {
            void attach(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <textarea
          ref={box}
          value={text}
          rows={1}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter while an input method is composing picks a candidate; it must not send.
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          // A phone's one-line box has no room for the keyboard hints (and phones send with the button).
          placeholder={mobile ? t("placeholderShort") : t("placeholder")}
          aria-label={mobile ? t("placeholderShort") : t("placeholder")}
          className={cn("min-h-9 flex-1 resize-none bg-transparent px-1 py-2 text-sm outline-none placeholder:text-muted-foreground")}
          style={{ maxHeight }}
          aria-invalid={tooLong || undefined}
          aria-describedby={nearLimit ? lengthNoteId : undefined}
          data-testid="message-input"
        />
        {onSignInToSend ? (
          <Button
            type="button"
            size="icon"
            disabled={!canSend}
            onClick={() => void submit()}
            aria-label={t("signInToSend")}
            title={t("signInToSend")}
            className="bg-emerald-600 text-white hover:bg-emerald-700 dark:bg-emerald-600 dark:hover:bg-emerald-500"
            data-testid="send-button"
            data-sign-in="true"
          >
            <LogIn />
          </Button>
        ) : (
          <Button type="button" size="icon" disabled={!canSend} onClick={() => void submit()} aria-label={t("send")} title={t("send")} data-testid="send-button">
            <Send />
          </Button>
        )}
      </div>
      {nearLimit && (
        <p id={lengthNoteId} className={cn("px-2 pt-1 text-xs", tooLong ? "text-destructive" : "text-muted-foreground")} aria-live="polite" data-testid="message-length">
          {tooLong ? t("messageTooLong", { count: text.length, max: MESSAGE_MAX_LENGTH }) : t("messageLength", { count: text.length, max: MESSAGE_MAX_LENGTH })}
        </p>
      )}
    </div>
  );
}
