import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserManagement } from "@/components/admin/user-management";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}

export default async function AdminUsersPage() {
  const access = await pageAccess("/admin/users");
  if (!access.allowed) return <ForbiddenView path="/admin/users" />;
  return <UserManagement />;
}
