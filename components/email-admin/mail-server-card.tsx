"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { CircleAlert, CircleCheck, Send, Settings2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { MailSettingsView } from "@/lib/server/present/api-types";
import { mailServerSchema, testSendSchema } from "@/lib/schemas/email";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";

/** Where mail goes, a way to change it, a test message, and the welcome-mail switch. */
export function MailServerCard({ settings, onChange, defaultTestAddress }: { settings: MailSettingsView; onChange: (next: MailSettingsView) => void; defaultTestAddress: string }) {
  const t = useTranslations("email.server");
  const configured = settings.source !== null;
  const [testTo, setTestTo] = useState(defaultTestAddress);
  const [testError, setTestError] = useState<string>();
  const [testing, setTesting] = useState(false);
  const [savingWelcome, setSavingWelcome] = useState(false);
  const validate = useZodFormErrors();

  async function sendTest(event: React.FormEvent) {
    event.preventDefault();
    const { data, errors } = validate(testSendSchema, { to: testTo });
    setTestError(errors.to);
    if (!data) return;
    setTesting(true);
    try {
      await apiFetch("/api/email/settings/test", { method: "POST", json: data });
      toast.success(t("testSent"));
    } catch (error) {
      toast.error(t("testFailed"), { description: errorMessage(error, t("testFailed")) });
    } finally {
      setTesting(false);
    }
  }

  async function toggleWelcome(enabled: boolean) {
    setSavingWelcome(true);
    try {
      onChange(await apiFetch<MailSettingsView>("/api/email/settings/welcome", { method: "PUT", json: { enabled } }));
      toast.success(t("welcomeSaved"));
    } catch (error) {
      toast.error(errorMessage(error, t("saveFailed")));
    } finally {
      setSavingWelcome(false);
    }
  }

  return (
    <Card data-testid="mail-server-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription className="flex items-start gap-2" data-testid="mail-server-status">
          {configured ? <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> : <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />}
          <span>
            {settings.source === "settings" ? t("fromSettings") : settings.source === "environment" ? t("fromEnvironment") : t("none")}
            {configured ? (
              <>
                <br />
                <span className="break-all">{t("summary", { host: settings.host, port: settings.port, from: settings.from })}</span>
              </>
            ) : null}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap gap-2">
          <ServerDialog settings={settings} onSaved={onChange} />
          {settings.source === "settings" && settings.environmentConfigured ? (
            <Button
              variant="ghost"
              onClick={async () => {
                try {
                  onChange(await apiFetch<MailSettingsView>("/api/email/settings", { method: "DELETE" }));
                  toast.success(t("usingEnvironment"));
                } catch (error) {
                  toast.error(errorMessage(error, t("saveFailed")));
                }
              }}
            >
              {t("useEnvironment")}
            </Button>
          ) : null}
        </div>
        <form noValidate onSubmit={sendTest} className="grid gap-2" data-testid="server-test-form">
          <FormField id="server-test-to" label={t("testTo")} error={testError}>
            <Input type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} autoComplete="email" />
          </FormField>
          <Button
            type="submit"
            variant="outline"
            disabled={testing || !configured}
            aria-describedby={configured ? undefined : "server-test-unavailable"}
            className="justify-self-start"
            data-testid="server-test-send"
          >
            <Send aria-hidden />
            {t("test")}
          </Button>
          {configured ? null : (
            <p id="server-test-unavailable" className="text-xs text-muted-foreground" data-testid="server-test-unavailable">
              {t("testUnavailable")}
            </p>
          )}
        </form>
        <div className="flex items-start justify-between gap-4">
          <div>
            <Label htmlFor="welcome-mail">{t("welcome")}</Label>
            <p className="mt-1 text-xs text-muted-foreground">{t("welcomeDescription")}</p>
          </div>
          <Switch id="welcome-mail" checked={settings.welcomeMail} disabled={savingWelcome} onCheckedChange={(v) => void toggleWelcome(v)} data-testid="welcome-mail" />
        </div>
      </CardContent>
    </Card>
  );
}

type Field = "host" | "port" | "username" | "password" | "from";

function ServerDialog({ settings, onSaved }: { settings: MailSettingsView; onSaved: (next: MailSettingsView) => void }) {
  const t = useTranslations("email.server");
  const tApp = useTranslations("app");
  const tCommon = useTranslations("common");
  const validate = useZodFormErrors();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [removePassword, setRemovePassword] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const values = {
      host: String(form.get("host") ?? ""),
      port: Number(form.get("port")),
      security: String(form.get("security")),
      username: String(form.get("username") ?? "") || null,
      // Left empty, a saved password stays as it is.
      password: removePassword ? null : password === "" ? undefined : password,
      from: String(form.get("from") ?? ""),
      allowPrivateNetwork: form.get("allowPrivateNetwork") === "on",
    };
    const { data, errors: found } = validate(mailServerSchema, values);
    setErrors(found);
    if (!data) return;
    setSaving(true);
    try {
      onSaved(await apiFetch<MailSettingsView>("/api/email/settings", { method: "PUT", json: data }));
      toast.success(t("saved"));
      setOpen(false);
    } catch (error) {
      toast.error(t("saveFailed"), { description: errorMessage(error, t("saveFailed")) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setErrors({});
        setRemovePassword(false);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="mail-server-edit">
          <Settings2 aria-hidden />
          {t("edit")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{t("edit")}</DialogTitle>
          <DialogDescription>{t("editDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" data-testid="mail-server-form">
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            <FormField id="mail-host" label={t("host")} error={errors.host}>
              <Input name="host" defaultValue={settings.host} autoComplete="off" placeholder="smtp.example.com" />
            </FormField>
            <FormField id="mail-port" label={t("port")} error={errors.port}>
              <Input name="port" type="number" inputMode="numeric" defaultValue={settings.port} min={1} max={65535} />
            </FormField>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="mail-security">{t("security")}</Label>
            <NativeSelect id="mail-security" name="security" defaultValue={settings.security}>
              <option value="opportunistic">{t("securityOpportunistic")}</option>
              <option value="starttls">{t("securityStarttls")}</option>
              <option value="tls">{t("securityTls")}</option>
            </NativeSelect>
          </div>
          <FormField id="mail-username" label={t("username")} error={errors.username}>
            <Input name="username" defaultValue={settings.username} autoComplete="off" />
          </FormField>
          <FormField id="mail-password" label={t("password")} error={errors.password} hint={settings.hasPassword ? `${t("passwordKeep")} ${t("passwordAgainHint")}` : undefined}>
            <Input name="password" type="password" autoComplete="new-password" disabled={removePassword} />
          </FormField>
          {settings.hasPassword ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={removePassword} onChange={(e) => setRemovePassword(e.target.checked)} />
              {t("passwordRemove")}
            </label>
          ) : null}
          <div className="flex items-start gap-2">
            <input
              id="mail-allow-private-network"
              name="allowPrivateNetwork"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              defaultChecked={settings.allowPrivateNetwork}
              aria-describedby="mail-allow-private-network-hint"
              data-testid="mail-allow-private-network"
            />
            <div className="grid gap-0.5">
              <Label htmlFor="mail-allow-private-network">{t("allowPrivateNetwork")}</Label>
              <p id="mail-allow-private-network-hint" className="text-xs text-muted-foreground">
                {t("allowPrivateNetworkHint")}
              </p>
            </div>
          </div>
          <FormField id="mail-from" label={t("from")} error={errors.from} hint={t("fromHint", { product: tApp("name") })}>
            <Input name="from" type="email" defaultValue={settings.from} autoComplete="off" placeholder="no-reply@example.com" />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={saving} data-testid="mail-server-save">
              {saving ? tCommon("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
