import { getTranslations } from "next-intl/server";
import { Activity, Bot, type LucideIcon } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";

const SECTIONS = {
  apiUsage: Activity,
  aiService: Bot,
} satisfies Record<string, LucideIcon>;

export type AdminSection = keyof typeof SECTIONS;

export async function AdminSectionEmpty({ section }: { section: AdminSection }) {
  const t = await getTranslations("admin");
  const Icon = SECTIONS[section];
  return (
    <>
      <PageHeader title={t(section)} description={t(`${section}Description`)} />
      <Card className="items-center gap-3 px-5 py-16 text-center" data-testid="section-empty">
        <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-6" aria-hidden />
        </span>
        <p className="font-medium">{t("sectionEmpty")}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t("sectionEmptyDescription")}</p>
      </Card>
    </>
  );
}
