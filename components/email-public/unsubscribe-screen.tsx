"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { MailCheck, MailX, TriangleAlert } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export type UnsubscribeState = { kind: "invalid" } | { kind: "test" } | { kind: "user"; email: string; subscribed: boolean };

/** The list a link stops: campaigns, or the weekly insights digest (its own words on the page). */
export type UnsubscribeTopic = "campaigns" | "digest";

/** The page a message's unsubscribe link opens: confirm, then (if wanted) undo. No sign-in. */
export function UnsubscribeScreen({ token, topic = "campaigns", initial }: { token: string; topic?: UnsubscribeTopic; initial: UnsubscribeState }) {
  const t = useTranslations("unsubscribe");
  const tApp = useTranslations("app");
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const digest = topic === "digest";
  const topicQuery = digest ? "&topic=digest" : "";

  async function choose(subscribed: boolean) {
    if (state.kind !== "user") return;
    setBusy(true);
    try {
      if (subscribed) await apiFetch("/api/email/resubscribe", { method: "POST", json: digest ? { token, topic } : { token } });
      else await apiFetch(`/api/email/unsubscribe?token=${encodeURIComponent(token)}${topicQuery}`, { method: "POST" });
      setState({ ...state, subscribed });
      if (subscribed) toast.success(t(digest ? "digestResubscribed" : "resubscribed"));
    } catch (error) {
      toast.error(errorMessage(error, t("failed")));
    } finally {
      setBusy(false);
    }
  }

  const [Icon, title, description] =
    state.kind === "invalid"
      ? [TriangleAlert, t("invalid"), t("invalidDescription")]
      : state.kind === "test"
        ? [MailCheck, t("test"), t("testDescription")]
        : state.subscribed
          ? [MailX, t(digest ? "digestTitle" : "title"), t(digest ? "digestDescription" : "description", { email: state.email, product: tApp("name") })]
          : [MailCheck, t(digest ? "digestDone" : "done"), t(digest ? "digestDoneDescription" : "doneDescription", { email: state.email })];

  return (
    <Card className="mx-auto max-w-md" data-testid="unsubscribe-screen" data-state={state.kind === "user" ? (state.subscribed ? "subscribed" : "unsubscribed") : state.kind}>
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden />
        </span>
        <CardTitle>
          <span role="status">{title}</span>
        </CardTitle>
        <CardDescription className="break-words">{description}</CardDescription>
      </CardHeader>
      {state.kind === "user" ? (
        <CardContent className="grid">
          {state.subscribed ? (
            <Button disabled={busy} onClick={() => void choose(false)} data-testid="unsubscribe-confirm">
              {t(digest ? "digestConfirm" : "confirm")}
            </Button>
          ) : (
            <Button variant="outline" disabled={busy} onClick={() => void choose(true)} data-testid="unsubscribe-undo">
              {t(digest ? "digestResubscribe" : "resubscribe")}
            </Button>
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}
