import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { AuthScreen } from "@/components/auth/auth-screen";
import { redirect } from "next/navigation";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { countUsers } from "@/lib/server/queries/users";
import { getMailSetup } from "@/lib/server/mail/mail-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("title") };
}

export default async function AuthPage() {
  // Before anyone exists there is nobody to sign in as: first run creates the admin.
  if ((await countUsers()) === 0) redirect("/trial-setup");
  const workspaceForEveryone = (await getWorkspaceAccess()) === "everyone";
  const mailEnabled = (await getMailSetup()).server !== null;
  return (
    <Suspense>
      <AuthScreen workspaceForEveryone={workspaceForEveryone} googleEnabled={env.googleEnabled} mailEnabled={mailEnabled} />
    </Suspense>
  );
}
