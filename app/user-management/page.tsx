import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserManagement } from "@/components/admin/user-management";
import { AppShell } from "@/components/layout/app-shell";
import { ForbiddenPage } from "@/components/layout/forbidden-page";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}

// The same page as /admin/users, at its own address (docs/rules/roles-and-routes.md#route-table).
export default async function UserManagementPage() {
  const access = await pageAccess("/user-management");
  if (!access.allowed) return <ForbiddenPage path="/user-management" />;
  return (
    <AppShell staff>
      <UserManagement />
    </AppShell>
  );
}
