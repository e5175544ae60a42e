"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ExternalLink, Heart, MessageSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { PlanOverview } from "@/lib/server/present/api-types";
import { usePlanOverview } from "./use-plan";

/**
 * How to become a supporter: the operator's donation page when SUPPORT_URL is set; otherwise an
 * administrator grants it, and the way to ask is the feedback page.
 */
export function BecomeSupporter({ supportUrl, initial }: { supportUrl?: string; initial?: PlanOverview }) {
  const t = useTranslations("planStatus");
  const kind = usePlanOverview(initial).data?.status.kind;
  return (
    <Card data-testid="become-supporter">
      <CardHeader>
        <CardTitle>{t("becomeTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {kind === "admin" ? <p className="text-muted-foreground">{t("adminNote")}</p> : null}
        {kind === "supporter" ? <p className="text-muted-foreground">{t("alreadySupporter")}</p> : null}
        {supportUrl ? (
          <>
            <p>{t("becomeExternal")}</p>
            <Button asChild className="justify-self-start">
              <a href={supportUrl} target="_blank" rel="noopener noreferrer" data-testid="donate-link">
                <Heart aria-hidden />
                {t("donate")}
                <ExternalLink aria-hidden />
              </a>
            </Button>
          </>
        ) : (
          <>
            <p data-testid="granted-by-admin">{t("becomeByAdmin")}</p>
            <Button asChild variant="outline" className="justify-self-start">
              <Link href="/feedback" data-testid="contact-admin">
                <MessageSquare aria-hidden />
                {t("contactAdmin")}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
