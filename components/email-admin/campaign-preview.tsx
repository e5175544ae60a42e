"use client";

import { useDeferredValue, useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import { renderEmailHtml, renderEmailText } from "@/lib/email/render-email";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/**
 * Both parts of the message as recipients get them (the sender's own renderer), updated as the
 * admin types. The HTML part sits in a sandboxed frame: no script, no same-origin access.
 */
export function CampaignPreview({ subject, markdown, appUrl }: { subject: string; markdown: string; appUrl: string }) {
  const t = useTranslations("email.compose");
  const tMail = useTranslations("email.mail");
  const tApp = useTranslations("app");
  const locale = useLocale();
  const deferredSubject = useDeferredValue(subject);
  const deferredMarkdown = useDeferredValue(markdown);
  const parts = useMemo(() => {
    const product = tApp("name");
    const content = {
      subject: deferredSubject,
      markdown: deferredMarkdown,
      lang: locale === "en" ? "en" : "zh-Hant-TW",
      productName: product,
      footer: tMail("footer", { product }),
      unsubscribe: { label: tMail("unsubscribe"), url: `${appUrl}/unsubscribe?token=…` },
    };
    return { html: renderEmailHtml(content), text: renderEmailText(content) };
  }, [appUrl, deferredMarkdown, deferredSubject, locale, tApp, tMail]);

  return (
    <Card data-testid="campaign-preview">
      <CardHeader>
        <CardTitle>{t("preview")}</CardTitle>
        <p className="text-sm break-words text-muted-foreground" data-testid="preview-subject">
          {t("previewSubject", { subject: deferredSubject })}
        </p>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="html">
          <TabsList>
            <TabsTrigger value="html" data-testid="preview-tab-html">
              {t("previewHtml")}
            </TabsTrigger>
            <TabsTrigger value="text" data-testid="preview-tab-text">
              {t("previewText")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="html">
            <iframe title={t("previewFrame")} sandbox="" srcDoc={parts.html} className="h-[28rem] w-full rounded-md border bg-white" data-testid="preview-html" />
          </TabsContent>
          <TabsContent value="text">
            <pre className="h-[28rem] overflow-auto rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap" data-testid="preview-text" tabIndex={0}>
              {parts.text}
            </pre>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
