import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiUsageScreen } from "@/components/admin/usage/api-usage-screen";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { usageReportQuerySchema } from "@/lib/schemas/usage-report";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("usage");
  return { title: t("title") };
}

export default async function ApiUsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await pageAccess("/admin/api-usage");
  if (!access.allowed) return <ForbiddenView path="/admin/api-usage" />;
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  // A link with a query the screen does not understand opens the default view rather than an error.
  const parsed = usageReportQuerySchema.safeParse(raw);
  const initialQuery = parsed.success ? parsed.data : usageReportQuerySchema.parse({});
  return <ApiUsageScreen initialQuery={initialQuery} />;
}
