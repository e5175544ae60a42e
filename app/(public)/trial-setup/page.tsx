import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TrialSetupForm } from "@/components/auth/trial-setup-form";
import { landingPath } from "@/lib/post-sign-in";
import { currentUser } from "@/lib/server/auth/page-guard";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { countUsers } from "@/lib/server/queries/users";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("trialSetup"))("title") };
}

// First run: while no user exists, the first visitor creates the admin account. Afterwards the
// page says so, and sends a visitor on: to sign in, or, already signed in, to where signing in
// would have taken them.
export default async function TrialSetupPage() {
  const t = await getTranslations("trialSetup");
  if ((await countUsers()) === 0) return <TrialSetupForm initialWorkspaceAccess={await getWorkspaceAccess()} />;
  const user = await currentUser();
  const onward = user ? landingPath(user.role, (await getWorkspaceAccess()) === "everyone") : "/auth";
  return (
    <Card className="mx-auto max-w-md" data-testid="setup-done">
      <CardHeader>
        <CheckCircle2 className="mb-2 size-8 text-success" aria-hidden />
        <CardTitle className="text-xl">{t("alreadyDone")}</CardTitle>
        <CardDescription>{user ? t("alreadyDoneSignedIn", { name: user.displayName }) : t("alreadyDoneDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link href={onward}>{user ? t("continue") : t("goToSignIn")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
