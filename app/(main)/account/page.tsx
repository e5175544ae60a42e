import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountScreen } from "@/components/account/account-screen";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

export default async function AccountPage() {
  await requirePage("/account");
  return <AccountScreen />;
}
