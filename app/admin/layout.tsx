import { redirect } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { currentUser } from "@/lib/server/auth/page-guard";

// The whole console is staff-only; each page still applies its own, possibly stricter, rule.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/auth?next=/admin");
  // The view itself, not forbidden(): thrown from a layout, forbidden() makes Next send its bare
  // error document (no stylesheet, no language, no theme) and draw 權限不足 only once the
  // scripts have run, a blank or wrongly-themed page until then.
  if (user.role !== "admin" && user.role !== "manager") return <ForbiddenView />;
  return <AppShell staff>{children}</AppShell>;
}
