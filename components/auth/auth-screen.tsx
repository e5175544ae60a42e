"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { FileText } from "lucide-react";
import { REFERRAL_TRIAL_DAYS, PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";
import type { SignedIn } from "@/lib/server/present/api-types";
import { landingPath } from "@/lib/post-sign-in";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/components/layout/use-current-user";
import { useSignOut } from "@/components/layout/use-sign-out";
import { ForgotPassword } from "./forgot-password";
import { readPendingReferral, savePendingReferral } from "./pending-referral";

// The forms' schemas, and zod with them (~34 KB compressed), load when a form is first focused
// rather than with the page; a submit waits for them.
const loadAuthSchemas = () => import("@/lib/schemas/auth");
const prefetchAuthSchemas = () => void loadAuthSchemas().catch(() => undefined);

interface Props {
  workspaceForEveryone: boolean;
  googleEnabled: boolean;
  /** Mail is set up: "forgot password" sends a reset link (else it says who can reset it). */
  mailEnabled: boolean;
}

export function AuthScreen({ workspaceForEveryone, googleEnabled, mailEnabled }: Props) {
  const t = useTranslations("auth");
  const tReset = useTranslations("passwordReset");
  const params = useSearchParams();
  const router = useRouter();
  const next = params.get("next");
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  const { mutate } = useSWRConfig();
  const validate = useZodFormErrors();
  const [tab, setTab] = useState(params.get("tab") === "register" ? "register" : "signin");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [referral, setReferral] = useState("");
  const [forgot, setForgot] = useState(false);
  const [signInEmail, setSignInEmail] = useState("");

  useEffect(() => {
    const ref = params.get("ref");
    if (ref) {
      savePendingReferral(ref);
      setTab("register");
    }
    setReferral(ref ?? readPendingReferral() ?? "");
  }, [params]);

  async function afterSignIn(signedIn: ClientUser) {
    // Knowing the user starts PendingReferralRunner, which applies a stored referral code.
    await mutate("/api/user", signedIn, { revalidate: false });
    // A client navigation keeps the toast on screen; refresh re-renders server parts with the new session.
    router.push(landingPath(signedIn.role, workspaceForEveryone, next));
    router.refresh();
  }

  async function onSignIn(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form));
    const schemas = await loadAuthSchemas().catch(() => null);
    if (!schemas) return void toast.error(t("loginFailed"));
    const { data, errors } = validate(schemas.loginSchema, values);
    setErrors(errors);
    if (!data) return;
    setBusy(true);
    try {
      const res = await apiFetch<SignedIn>("/api/login", { method: "POST", json: data });
      toast.success(t("loginSuccess"), { description: t("welcome", { name: res.displayName }) });
      await afterSignIn(res.user);
    } catch (error) {
      toast.error(t("loginFailed"), { description: errorMessage(error, t("loginFailed")) });
      setBusy(false);
    }
  }

  async function onRegister(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form));
    const schemas = await loadAuthSchemas().catch(() => null);
    if (!schemas) return void toast.error(t("registerFailed"));
    const { data, errors } = validate(schemas.registerSchema, values);
    setErrors(errors);
    if (!data) return;
    // The field says which code to apply: the invitation's, one typed, or none when emptied.
    savePendingReferral(data.referralCode ?? "");
    setBusy(true);
    try {
      const { referralCode: _ignored, ...body } = data;
      const res = await apiFetch<SignedIn>("/api/register", { method: "POST", json: body });
      toast.success(t("registerSuccess"), { description: t("registerWelcome", { name: res.displayName }) });
      await afterSignIn(res.user);
    } catch (error) {
      toast.error(t("registerFailed"), { description: errorMessage(error, t("registerFailed")) });
      setBusy(false);
    }
  }

  if (user) {
    return (
      <Card className="mx-auto max-w-md" data-testid="already-signed-in">
        <CardHeader>
          <CardTitle>{t("alreadySignedIn", { name: user.displayName })}</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="grid gap-2">
            <Button asChild className="w-full">
              <Link href={landingPath(user.role, workspaceForEveryone, next)}>{t("continue")}</Link>
            </Button>
            {/* Sent here from a page their role may not open: another account may open it. */}
            <Button variant="outline" className="w-full" onClick={() => void signOut()} data-testid="use-another-account">
              {t("useAnotherAccount")}
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <div className="mb-6 text-center">
        <FileText className="mx-auto mb-3 size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Card>
        <CardContent>
          <Tabs value={tab} onValueChange={(v) => { setTab(v); setErrors({}); }} onFocusCapture={prefetchAuthSchemas}>
            <TabsList>
              <TabsTrigger value="signin" data-testid="tab-signin">{t("signInTab")}</TabsTrigger>
              <TabsTrigger value="register" data-testid="tab-register">{t("registerTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              {forgot ? (
                <ForgotPassword mailEnabled={mailEnabled} initialEmail={signInEmail} onBack={() => setForgot(false)} />
              ) : (
                <form
                  noValidate
                  className="grid gap-4"
                  data-testid="signin-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void onSignIn(e.currentTarget);
                  }}
                >
                  <FormField id="signin-email" label={t("email")} error={errors.email}>
                    <Input name="email" type="email" autoComplete="email" inputMode="email" required value={signInEmail} onChange={(e) => setSignInEmail(e.target.value)} />
                  </FormField>
                  <FormField id="signin-password" label={t("password")} error={errors.password}>
                    <Input name="password" type="password" autoComplete="current-password" required />
                  </FormField>
                  <Button type="submit" disabled={busy} data-testid="signin-submit">
                    {busy ? t("signingIn") : t("signIn")}
                  </Button>
                  <Button type="button" variant="link" className="justify-self-center" onClick={() => { setErrors({}); setForgot(true); }} data-testid="forgot-open">
                    {tReset("forgot")}
                  </Button>
                </form>
              )}
            </TabsContent>
            <TabsContent value="register">
              <form
                noValidate
                className="grid gap-4"
                data-testid="register-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void onRegister(e.currentTarget);
                }}
              >
                <FormField id="register-displayName" label={t("displayName")} error={errors.displayName}>
                  <Input name="displayName" autoComplete="nickname" required />
                </FormField>
                <FormField id="register-email" label={t("email")} error={errors.email}>
                  <Input name="email" type="email" autoComplete="email" inputMode="email" required />
                </FormField>
                <FormField
                  id="register-password"
                  label={t("password")}
                  error={errors.password}
                  hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
                >
                  <Input name="password" type="password" autoComplete="new-password" required />
                </FormField>
                <FormField
                  id="register-referralCode"
                  label={t("referralCode")}
                  error={errors.referralCode}
                  hint={t("referralHint", { days: REFERRAL_TRIAL_DAYS })}
                >
                  <Input name="referralCode" value={referral} onChange={(e) => setReferral(e.target.value)} autoComplete="off" />
                </FormField>
                <Button type="submit" disabled={busy} data-testid="register-submit">
                  {busy ? t("registering") : t("register")}
                </Button>
              </form>
            </TabsContent>
          </Tabs>
          {googleEnabled ? (
            <Button asChild variant="outline" className="mt-4 w-full" data-testid="google-signin">
              <a href={`/api/auth/google?callbackUrl=${encodeURIComponent(landingPath(null, workspaceForEveryone, next))}`}>
                {t("googleSignIn")}
              </a>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
