"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ArrowLeft, BarChart3, CircleAlert } from "lucide-react";
import { toast } from "@/lib/toast";
import { EMAIL_AUDIENCE_MAX_DAYS, EMAIL_MAX_RATE_PER_MINUTE, EMAIL_PLAN_AUDIENCES, EMAIL_SUBJECT_MAX_LENGTH, ROLES } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { CampaignPreview } from "./campaign-preview";
import { CampaignSendPanel } from "./campaign-send-panel";
import { CampaignStatusBadge } from "./status-badge";
import type { CampaignDraftView } from "@/lib/server/present/api-types";
import { useAudienceCount } from "./use-audience-count";
import { useCampaignDraft, type SaveState } from "./use-campaign-draft";

const PLAN_LABEL = { free: "planFree", supporter: "planSupporter", trial: "planTrial" } as const;

interface Props {
  campaign: CampaignDraftView;
  appUrl: string;
  adminEmail: string;
  mailConfigured: boolean;
}

/** Compose a campaign: fields on one side, the live preview on the other; saved as typed. */
export function CampaignEditor({ campaign: initial, appUrl, adminEmail, mailConfigured }: Props) {
  const t = useTranslations("email.compose");
  const tRoles = useTranslations("roles");
  const tList = useTranslations("email.list");
  const format = useFormatter();
  const router = useRouter();
  const [campaign, setCampaign] = useState(initial);
  const editable = campaign.status === "draft";
  const { values, errors, save, update, saveNow, draft } = useCampaignDraft(initial, editable);
  const count = useAudienceCount(draft.audience);

  async function unschedule() {
    try {
      await apiFetch(`/api/email/campaigns/${campaign.id}/actions`, { method: "POST", json: { action: "unschedule" } });
      toast.success(t("unscheduled"));
      setCampaign({ ...campaign, status: "draft", scheduledAt: null });
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error, t("scheduleFailed")));
    }
  }

  return (
    <div data-testid="campaign-editor" data-campaign-id={campaign.id}>
      <Link href="/admin/email-management" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t("back")}
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <CampaignStatusBadge status={campaign.status} />
        {editable ? <SaveIndicator state={save} /> : null}
      </div>

      {!mailConfigured ? <Notice testId="no-mail-server">{t("noServer")}</Notice> : null}
      {campaign.status === "scheduled" && campaign.scheduledAt ? (
        <Notice testId="scheduled-notice" action={<Button variant="outline" size="sm" onClick={() => void unschedule()} data-testid="campaign-unschedule">{t("unschedule")}</Button>}>
          {t("scheduledNotice", { time: format.dateTime(new Date(campaign.scheduledAt), { dateStyle: "medium", timeStyle: "short" }) })}
        </Notice>
      ) : null}
      {!editable && campaign.status !== "scheduled" ? (
        <Notice
          testId="read-only"
          action={
            <Button asChild variant="outline" size="sm">
              <Link href={`/admin/email-progress/${campaign.id}`}>
                <BarChart3 aria-hidden />
                {tList("progress")}
              </Link>
            </Button>
          }
        >
          {t("readOnly")}
        </Notice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-6">
          <Card>
            <CardContent className="grid gap-4">
              <FormField id="campaign-subject" label={t("subject")} error={errors.subject}>
                <Input value={values.subject} maxLength={EMAIL_SUBJECT_MAX_LENGTH + 50} readOnly={!editable} onChange={(e) => update({ subject: e.target.value })} data-testid="campaign-subject" />
              </FormField>
              <FormField id="campaign-body" label={t("body")} error={errors.bodyMarkdown} hint={t("bodyHint")}>
                <Textarea value={values.bodyMarkdown} rows={14} readOnly={!editable} onChange={(e) => update({ bodyMarkdown: e.target.value })} className="font-mono text-sm" data-testid="campaign-body" />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle id="audience-title">{t("audience")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <fieldset className="grid gap-4 sm:grid-cols-2" aria-labelledby="audience-title" disabled={!editable}>
                <div className="grid gap-1.5">
                  <Label htmlFor="audience-plan">{t("plan")}</Label>
                  <NativeSelect id="audience-plan" value={values.plan} onChange={(e) => update({ plan: e.target.value as typeof values.plan })} aria-describedby="audience-plan-hint" data-testid="audience-plan">
                    <option value="">{t("anyPlan")}</option>
                    {EMAIL_PLAN_AUDIENCES.map((plan) => (
                      <option key={plan} value={plan}>
                        {t(PLAN_LABEL[plan])}
                      </option>
                    ))}
                  </NativeSelect>
                  <p id="audience-plan-hint" className="text-xs text-muted-foreground">
                    {t("planHint")}
                  </p>
                </div>
                <div className="grid content-start gap-1.5">
                  <Label htmlFor="audience-role">{t("role")}</Label>
                  <NativeSelect id="audience-role" value={values.role} onChange={(e) => update({ role: e.target.value as typeof values.role })} data-testid="audience-role">
                    <option value="">{t("anyRole")}</option>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {tRoles(role)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <FormField id="audience-signed-up" label={t("signedUpWithin")} error={errors["audience.signedUpWithinDays"]}>
                  <Input type="number" inputMode="numeric" min={1} max={EMAIL_AUDIENCE_MAX_DAYS} placeholder={t("daysPlaceholder")} value={values.signedUpWithinDays} onChange={(e) => update({ signedUpWithinDays: e.target.value })} data-testid="audience-signed-up" />
                </FormField>
                <FormField id="audience-inactive" label={t("inactiveFor")} error={errors["audience.inactiveForDays"]}>
                  <Input type="number" inputMode="numeric" min={1} max={EMAIL_AUDIENCE_MAX_DAYS} placeholder={t("daysPlaceholder")} value={values.inactiveForDays} onChange={(e) => update({ inactiveForDays: e.target.value })} data-testid="audience-inactive" />
                </FormField>
              </fieldset>
              <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite" data-testid="audience-count" data-count={count.kind === "done" ? count.total : undefined}>
                {count.kind === "done" ? (
                  <>
                    <span className="font-semibold">{t("count", { count: count.total })}</span>
                    {count.unsubscribed > 0 ? <span className="text-muted-foreground">{` · ${t("countSkipped", { count: count.unsubscribed })}`}</span> : null}
                  </>
                ) : count.kind === "error" ? (
                  t("countFailed")
                ) : count.kind === "invalid" ? (
                  "—"
                ) : (
                  t("counting")
                )}
              </p>
              <FormField id="campaign-rate" label={t("rate")} error={errors.ratePerMinute} hint={t("rateHint")}>
                <Input type="number" inputMode="numeric" min={0} max={EMAIL_MAX_RATE_PER_MINUTE} value={values.ratePerMinute} readOnly={!editable} onChange={(e) => update({ ratePerMinute: e.target.value })} className="sm:max-w-40" data-testid="campaign-rate" />
              </FormField>
            </CardContent>
          </Card>

          {editable ? (
            <CampaignSendPanel
              campaignId={campaign.id}
              defaultTestAddress={adminEmail}
              recipientCount={count.kind === "done" ? count.total - count.unsubscribed : null}
              mailConfigured={mailConfigured}
              saveNow={saveNow}
              onScheduled={(at) => setCampaign({ ...campaign, status: "scheduled", scheduledAt: at })}
            />
          ) : null}
        </div>
        <div className="lg:sticky lg:top-20">
          <CampaignPreview subject={values.subject} markdown={values.bodyMarkdown} appUrl={appUrl} />
        </div>
      </div>
    </div>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const t = useTranslations("email.compose");
  const format = useFormatter();
  const text =
    state.kind === "saved"
      ? t("savedAt", { time: format.dateTime(state.at, { timeStyle: "short" }) })
      : state.kind === "saving" || state.kind === "pending"
        ? t("saving")
        : t("notSaved", { error: state.message });
  return (
    <span role="status" aria-live="polite" className={state.kind === "error" ? "text-sm text-destructive" : "text-sm text-muted-foreground"} data-testid="draft-save-state" data-state={state.kind}>
      {text}
    </span>
  );
}

function Notice({ children, action, testId }: { children: React.ReactNode; action?: React.ReactNode; testId: string }) {
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid={testId}>
      <p className="flex items-start gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}
