"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Eye, EyeOff, Loader2, UserPlus } from "lucide-react";
import { toast } from "@/lib/toast";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import { createUserSchema } from "@/lib/schemas/auth";
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLANS,
  ROLES,
  type Plan,
  type Role,
} from "@/lib/constants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";

type Field = "displayName" | "email" | "password" | "role" | "plan";
type Values = { displayName: string; email: string; password: string; role: Role; plan: Plan };

const EMPTY: Values = { displayName: "", email: "", password: "", role: "user", plan: "free" };
const FIELD_ORDER: Field[] = ["displayName", "email", "password", "role", "plan"];
const LIMITS: Partial<Record<Field, { min?: number; max: number }>> = {
  displayName: { max: DISPLAY_NAME_MAX_LENGTH },
  email: { max: EMAIL_MAX_LENGTH },
  password: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
};

/** "Add user" button and dialog: validates with the server's schema, then POST /api/register. */
export function CreateUserDialog({ onCreated }: { onCreated: () => Promise<unknown> }) {
  const t = useTranslations("users");
  const tRoot = useTranslations();
  const tRoles = useTranslations("roles");
  const tPlans = useTranslations("plans");
  const tCommon = useTranslations("common");
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function translateIssue(field: Field, message: string) {
    return tRoot.has(message) ? tRoot(message, LIMITS[field] ?? {}) : tRoot("errors.validation");
  }

  function set<K extends Field>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function focusField(field: Field) {
    formRef.current?.querySelector<HTMLElement>(`#create-user-${field}`)?.focus();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = createUserSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELD_ORDER.includes(field) && !next[field]) next[field] = translateIssue(field, issue.message);
      }
      setErrors(next);
      const first = FIELD_ORDER.find((f) => next[f]);
      if (first) focusField(first);
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch("/api/register", { method: "POST", json: parsed.data });
      toast.success(t("created"));
      setValues(EMPTY);
      setErrors({});
      setShowPassword(false);
      setOpen(false);
      await onCreated();
    } catch (error) {
      const description = errorMessage(error, "");
      toast.error(t("createFailed"), description ? { description } : undefined);
      // A taken address is the one refusal that belongs to a field.
      if (error instanceof ApiError && error.hasCode("conflict") && description) {
        setErrors({ email: description });
        focusField("email");
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button data-testid="users-create">
          <UserPlus aria-hidden />
          {t("create")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{t("createTitle")}</DialogTitle>
          <DialogDescription>{t("createDescription")}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" data-testid="create-user-form">
          <FormField id="create-user-displayName" label={t("name")} error={errors.displayName}>
            <Input
              value={values.displayName}
              onChange={(e) => set("displayName", e.target.value)}
              autoComplete="off"
              data-testid="create-displayName"
            />
          </FormField>
          <FormField id="create-user-email" label={t("email")} error={errors.email}>
            <Input
              type="email"
              inputMode="email"
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
              autoComplete="off"
              data-testid="create-email"
            />
          </FormField>
          <div className="grid gap-1.5">
            <FormField
              id="create-user-password"
              label={t("password")}
              error={errors.password}
              hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
            >
              <Input
                type={showPassword ? "text" : "password"}
                value={values.password}
                onChange={(e) => set("password", e.target.value)}
                autoComplete="new-password"
                data-testid="create-password"
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start px-2 text-muted-foreground"
              aria-pressed={showPassword}
              aria-controls="create-user-password"
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {showPassword ? t("hidePassword") : t("showPassword")}
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="create-user-role" label={t("role")} error={errors.role}>
              <NativeSelect value={values.role} onChange={(e) => set("role", e.target.value as Role)} data-testid="create-role">
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {tRoles(role)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="create-user-plan" label={t("plan")} error={errors.plan}>
              <NativeSelect value={values.plan} onChange={(e) => set("plan", e.target.value as Plan)} data-testid="create-plan">
                {PLANS.map((plan) => (
                  <option key={plan} value={plan}>
                    {tPlans(plan)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="create-submit">
              {submitting ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {submitting ? t("creating") : t("createSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
