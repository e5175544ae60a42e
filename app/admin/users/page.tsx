import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserManagement } from "@/components/admin/user-management";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}

export default async function AdminUsersPage() {
  await requirePage("/admin/users");
  return <UserManagement />;
}
