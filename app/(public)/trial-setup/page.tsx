import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TrialSetupForm } from "@/components/auth/trial-setup-form";
import { countUsers } from "@/lib/server/queries/users";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("trialSetup"))("title") };
}

// First run: while no user exists, the first visitor creates the admin account.
export default async function TrialSetupPage() {
  const t = await getTranslations("trialSetup");
  if ((await countUsers()) === 0) return <TrialSetupForm />;
  return (
    <Card className="mx-auto max-w-md" data-testid="setup-done">
      <CardHeader>
        <CheckCircle2 className="mb-2 size-8 text-success" aria-hidden />
        <CardTitle className="text-xl">{t("alreadyDone")}</CardTitle>
        <CardDescription>{t("alreadyDoneDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link href="/auth">{t("goToSignIn")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
