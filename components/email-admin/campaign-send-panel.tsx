"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { CalendarClock, Send, TestTube2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import type { CampaignSchedule, CampaignStart } from "@/lib/server/present/api-types";
import { testSendSchema } from "@/lib/schemas/email";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { NoMailServerNote } from "./no-mail-server-note";

interface Props {
  campaignId: string;
  defaultTestAddress: string;
  recipientCount: number | null;
  /** Whether a mail server is set: without one, every way of sending is off and says why. */
  mailConfigured: boolean;
  /** Saves what was typed; false when it could not (the field errors then say why). */
  saveNow: () => Promise<boolean>;
  onScheduled: (at: string) => void;
}

/** A value for <input type="datetime-local"> an hour from now, in the browser's time zone. */
function inAnHour(): string {
  const d = new Date(Date.now() + 60 * 60_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function CampaignSendPanel({ campaignId, defaultTestAddress, recipientCount, mailConfigured, saveNow, onScheduled }: Props) {
  const t = useTranslations("email.compose");
  const tCommon = useTranslations("common");
  const tRoot = useTranslations();
  const format = useFormatter();
  const router = useRouter();
  const validate = useZodFormErrors();
  const [testTo, setTestTo] = useState(defaultTestAddress);
  const [testError, setTestError] = useState<string>();
  const [when, setWhen] = useState(inAnHour);
  const [whenError, setWhenError] = useState<string>();
  const [busy, setBusy] = useState<"test" | "send" | "schedule" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const unavailable = !mailConfigured;

  /** A refusal that names fields (400) says which; anything else is the server's message. */
  function failure(title: string, error: unknown) {
    const details = error instanceof ApiError ? error.detailMessages : [];
    const description = details.length ? details.map((m) => (tRoot.has(m as never) ? tRoot(m as never) : m)).join(" · ") : errorMessage(error, "");
    toast.error(title, description ? { description } : undefined);
  }

  async function sendTest(event: React.FormEvent) {
    event.preventDefault();
    const { data, errors } = validate(testSendSchema, { to: testTo });
    setTestError(errors.to);
    if (!data || !(await saveNow())) return;
    setBusy("test");
    try {
      await apiFetch(`/api/email/campaigns/${campaignId}/test`, { method: "POST", json: data });
      toast.success(t("testSent", { to: data.to }));
    } catch (error) {
      failure(t("testFailed"), error);
    } finally {
      setBusy(null);
    }
  }

  async function sendNow() {
    setBusy("send");
    try {
      const started = await apiFetch<CampaignStart>(`/api/email/campaigns/${campaignId}/send`, { method: "POST", json: {} });
      toast.success(t("started", { count: started.total }));
      router.push(`/admin/email-progress/${campaignId}`);
    } catch (error) {
      failure(t("sendFailed"), error);
      setBusy(null);
    }
  }

  async function schedule(event: React.FormEvent) {
    event.preventDefault();
    const at = when ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) return setWhenError(tRoot("email.validation.when"));
    if (at.getTime() <= Date.now()) return setWhenError(tRoot("email.validation.whenPast"));
    setWhenError(undefined);
    if (!(await saveNow())) return;
    setBusy("schedule");
    try {
      const result = await apiFetch<CampaignSchedule>(`/api/email/campaigns/${campaignId}/send`, { method: "POST", json: { at: at.toISOString() } });
      toast.success(t("scheduled", { time: format.dateTime(new Date(result.scheduledAt), { dateStyle: "medium", timeStyle: "short" }) }));
      onScheduled(result.scheduledAt);
    } catch (error) {
      failure(t("scheduleFailed"), error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Card data-testid="campaign-test-card">
        <CardHeader>
          <CardTitle>{t("testTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={sendTest} className="grid gap-3" data-testid="campaign-test-form">
            <FormField id="campaign-test-to" label={t("testTo")} error={testError} hint={t("testHint")}>
              <Input type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} autoComplete="email" />
            </FormField>
            <Button
              type="submit"
              variant="outline"
              disabled={busy !== null || unavailable}
              aria-describedby={unavailable ? "campaign-test-unavailable" : undefined}
              className="justify-self-start"
              data-testid="campaign-test-send"
            >
              <TestTube2 aria-hidden />
              {t("testSend")}
            </Button>
            {unavailable ? <NoMailServerNote id="campaign-test-unavailable">{t("sendUnavailable")}</NoMailServerNote> : null}
          </form>
        </CardContent>
      </Card>

      <Card data-testid="campaign-send-card">
        <CardHeader>
          <CardTitle>{t("sendTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {unavailable ? <NoMailServerNote id="campaign-send-unavailable">{t("sendUnavailable")}</NoMailServerNote> : null}
          <Button
            disabled={busy !== null || unavailable}
            aria-describedby={unavailable ? "campaign-send-unavailable" : undefined}
            className="justify-self-start"
            data-testid="campaign-send-now"
            onClick={async () => {
              if (await saveNow()) setConfirming(true);
            }}
          >
            <Send aria-hidden />
            {t("sendNow")}
          </Button>
          <form noValidate onSubmit={schedule} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="campaign-schedule-form">
            <FormField id="campaign-schedule-at" label={t("scheduleAt")} error={whenError}>
              <Input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
            </FormField>
            <Button
              type="submit"
              variant="outline"
              disabled={busy !== null || unavailable}
              aria-describedby={unavailable ? "campaign-send-unavailable" : undefined}
              className={whenError ? "sm:mb-7" : undefined}
              data-testid="campaign-schedule"
            >
              <CalendarClock aria-hidden />
              {t("schedule")}
            </Button>
          </form>
        </CardContent>
      </Card>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>{t("sendConfirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("sendConfirmDescription", { count: recipientCount === null ? "…" : format.number(recipientCount) })}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => void sendNow()} data-testid="campaign-send-confirm">
              {t("send")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
