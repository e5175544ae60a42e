"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { RATING_COMMENT_MAX_LENGTH } from "@/lib/constants";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { ChatMessage } from "@/lib/server/present/api-types";
import type { ReplyVote } from "./use-chat";

type Rating = "up" | "down";

/**
 * Thumbs up or down on a reply, pressed state as aria-pressed; pressing the chosen one again takes
 * the vote back. Once voted, an optional short comment can go with it. What happened is said in a
 * live region, so a screen reader hears that the vote was kept (or why not).
 */
export function ReplyRating({ message, onRate }: { message: ChatMessage; onRate: (messageId: string, vote: ReplyVote) => Promise<ChatMessage> }) {
  const t = useTranslations("chat");
  const [rating, setRating] = useState<Rating | null>(message.rating ?? null);
  const [comment, setComment] = useState(message.ratingComment ?? "");
  const [commenting, setCommenting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");
  const commentId = useId();

  const send = async (vote: ReplyVote, done: string) => {
    setBusy(true);
    try {
      const stored = await onRate(message.id, vote);
      setRating(stored.rating ?? null);
      setComment(stored.ratingComment ?? "");
      setSaid(done);
      return true;
    } catch {
      setSaid(t("ratingFailed"));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const press = async (pressed: Rating) => {
    const next = rating === pressed ? null : pressed;
    if (await send({ rating: next, comment: next ? comment : null }, t(next ? "ratingSaved" : "ratingRemoved"))) setCommenting(next !== null);
  };

  return (
    <div className="relative flex max-w-[92%] flex-col gap-1.5 sm:max-w-[80%]" data-testid="reply-rating">
      <div role="group" aria-label={t("ratingGroup")} className="flex items-center gap-1">
        {(["up", "down"] as const).map((value) => {
          const Icon = value === "up" ? ThumbsUp : ThumbsDown;
          const pressed = rating === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              aria-label={t(value === "up" ? "rateUp" : "rateDown")}
              disabled={busy}
              onClick={() => void press(value)}
              className={cn(
                "flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50",
                pressed && "bg-primary/10 text-primary",
              )}
              data-testid={`rate-${value}`}
            >
              <Icon className="size-4" aria-hidden fill={pressed ? "currentColor" : "none"} />
            </button>
          );
        })}
        {rating && !commenting && (
          <button type="button" className="px-1 text-xs text-muted-foreground underline underline-offset-2 hover:text-foreground" onClick={() => setCommenting(true)} data-testid="rating-comment-open">
            {comment ? t("ratingCommentEdit") : t("ratingCommentAdd")}
          </button>
        )}
      </div>
      {rating && commenting && (
        <form
          className="flex w-full flex-col gap-1.5 sm:w-80"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ rating, comment: comment.trim() || null }, t("ratingCommentSaved")).then((ok) => ok && setCommenting(false));
          }}
        >
          <label htmlFor={commentId} className="text-xs text-muted-foreground">
            {t("ratingCommentLabel")}
          </label>
          <Textarea id={commentId} value={comment} maxLength={RATING_COMMENT_MAX_LENGTH} onChange={(event) => setComment(event.target.value)} className="min-h-14 text-sm" data-testid="rating-comment" />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy} data-testid="rating-comment-send">
              {t("ratingCommentSend")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setCommenting(false)}>
              {t("ratingCommentCancel")}
            </Button>
          </div>
        </form>
      )}
      <p className="sr-only" role="status" aria-live="polite" data-testid="rating-status">
        {said}
      </p>
    </div>
  );
}
