import { redirect } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { ForbiddenPage } from "@/components/layout/forbidden-page";
import { currentUser } from "@/lib/server/auth/page-guard";

// The whole console is staff-only; each page still applies its own, possibly stricter, rule.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/auth?next=/admin");
  if (user.role !== "admin" && user.role !== "manager") return <ForbiddenPage path="/admin" />;
  return <AppShell staff>{children}</AppShell>;
}
