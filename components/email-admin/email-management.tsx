"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/layout/page-header";
import { CampaignList } from "./campaign-list";
import type { MailSettingsView } from "@/lib/server/present/api-types";
import { MailServerCard } from "./mail-server-card";

export function EmailManagement({ initialSettings, adminEmail }: { initialSettings: MailSettingsView; adminEmail: string }) {
  const t = useTranslations("admin");
  const [settings, setSettings] = useState(initialSettings);
  return (
    <div data-testid="email-management">
      <PageHeader title={t("emailManagement")} description={t("emailManagementDescription")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <CampaignList />
        <MailServerCard settings={settings} onChange={setSettings} defaultTestAddress={adminEmail} />
      </div>
    </div>
  );
}
