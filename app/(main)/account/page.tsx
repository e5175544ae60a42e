import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountScreen } from "@/components/account/account-screen";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

export default async function AccountPage() {
  // Signed in is all this page asks: pageAccess sends anyone else to sign in.
  await pageAccess("/account");
  return <AccountScreen />;
}
