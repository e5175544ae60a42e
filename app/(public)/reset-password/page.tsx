import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { resetLinkAccount } from "@/lib/server/use-cases/account-mail";

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("passwordReset"))("pageTitle"), robots: { index: false } };
}

export default async function ResetPasswordPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const account = await resetLinkAccount(token);
  return <ResetPasswordForm token={token} email={account?.email ?? null} />;
}
