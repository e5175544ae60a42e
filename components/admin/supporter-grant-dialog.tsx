"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { BadgeCheck, Loader2, X } from "lucide-react";
import { toast } from "@/lib/toast";
import { calendarDay } from "@/lib/checkin-streak";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";
import { supporterUntilSchema } from "@/lib/schemas/auth";
import { lastDayBefore } from "@/lib/zoned-day";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PlanStatusBadge } from "@/components/plans/plan-status";

type Choice = "free" | "supporter";

/** The grant as stored (an admin's too, though admins have no limits); an ended grant starts from free. */
function initialChoice(user: ClientUser): { plan: Choice; until: string } {
  const until = user.supporterUntil ? new Date(user.supporterUntil) : null;
  if (user.plan !== "supporter" || (until && until.getTime() <= Date.now())) return { plan: "free", until: "" };
  return { plan: "supporter", until: until ? lastDayBefore(until) : "" };
}

/**
 * A row action of the user list: grant the supporter plan, with an optional last day, or remove it
 * (PATCH /api/users/{id}). Native radios and a date input, so it works by keyboard alone.
 */
export function SupporterGrantDialog({
  user,
  disabled,
  compact,
  onSaved,
}: {
  user: ClientUser;
  disabled: boolean;
  compact: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const t = useTranslations("supporterGrant");
  const tRoot = useTranslations();
  const tCommon = useTranslations("common");
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<Choice>("free");
  const [until, setUntil] = useState("");
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const untilId = `${ids}-until`;

  function reset() {
    const start = initialChoice(user);
    setPlan(start.plan);
    setUntil(start.until);
    setError(undefined);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    let supporterUntil: string | null = null;
    if (plan === "supporter" && until) {
      const parsed = supporterUntilSchema.safeParse(until);
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message ?? "errors.validation";
        setError(tRoot.has(key) ? tRoot(key as never) : tRoot("errors.validation"));
        document.getElementById(untilId)?.focus();
        return;
      }
      supporterUntil = parsed.data;
    }
    setSaving(true);
    try {
      const body = plan === "supporter" ? { plan, supporterUntil } : { plan };
      await apiFetch(`/api/users/${encodeURIComponent(user.id)}`, { method: "PATCH", json: body });
      toast.success(plan === "supporter" ? t("granted") : t("removed"));
      setOpen(false);
      await onSaved();
    } catch (err) {
      const description = errorMessage(err, "");
      toast.error(t("failed"), description ? { description } : undefined);
    } finally {
      setSaving(false);
    }
  }

  const label = t("actionFor", { email: user.email });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-label={compact ? label : undefined}
          title={label}
          className={compact ? undefined : "flex-1"}
          data-testid={`plan-action-${user.email}`}
        >
          <BadgeCheck aria-hidden />
          {t("action")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="supporter-grant-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription className="break-words">{t("description", { name: user.displayName, email: user.email })}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="grid gap-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t("current")}</span>
            <PlanStatusBadge status={user.planStatus} />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("plan")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(["free", "supporter"] as const).map((choice) => (
                <label
                  key={choice}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring",
                    plan === choice ? "border-primary bg-primary/5" : "hover:bg-muted/50",
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-plan`}
                    value={choice}
                    checked={plan === choice}
                    onChange={() => {
                      setPlan(choice);
                      setError(undefined);
                    }}
                    className="size-4 accent-primary"
                    data-testid={`grant-plan-${choice}`}
                  />
                  {t(choice)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={untilId} className={plan !== "supporter" ? "opacity-50" : undefined}>
              {t("until")}
            </Label>
            <div className="flex gap-2">
              <Input
                id={untilId}
                type="date"
                value={plan === "supporter" ? until : ""}
                min={calendarDay(new Date())}
                disabled={plan !== "supporter"}
                onChange={(e) => {
                  setUntil(e.target.value);
                  setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${untilId}-error` : `${untilId}-hint`}
                className="max-w-48"
                data-testid="grant-until"
              />
              {plan === "supporter" && until ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setUntil("")} data-testid="grant-until-clear">
                  <X aria-hidden />
                  {t("clearUntil")}
                </Button>
              ) : null}
            </div>
            {error ? (
              <p id={`${untilId}-error`} role="alert" className="text-sm text-destructive" data-testid="grant-until-error">
                {error}
              </p>
            ) : (
              <p id={`${untilId}-hint`} className="text-xs text-muted-foreground">
                {t("untilHint")}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={saving} aria-busy={saving} data-testid="grant-save">
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {saving ? t("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
