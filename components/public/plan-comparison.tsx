import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Check, Heart, Info, MessageSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

// Free vs supporter (docs/rules/plans-and-referrals.md#becoming-a-supporter), with the configurable external donation link, or without one
// the word that an administrator grants the plan. /subscribe says that beside the user's own plan
// instead. Each plan lists what this product really gives: no "advanced analysis" or "priority
// support" for supporters, which nothing here provides. `uploadsOpen` false:
// the reader has no workspace (or would get none by registering), so the plans wait for an
// administrator to open workspaces, and the page says so first.
export async function PlanComparison({ supportUrl, showDonate = true, uploadsOpen }: { supportUrl?: string; showDonate?: boolean; uploadsOpen: boolean }) {
  const t = await getTranslations("support");
  const tPlan = await getTranslations("planStatus");
  const plans = [
    { id: "free", title: t("freeTitle"), price: t("freePrice"), features: ["uploads", "size", "chat", "share"].map((k) => t(`freeFeatures.${k}` as never)) },
    {
      id: "supporter",
      title: t("supporterTitle"),
      price: t("supporterPrice"),
      features: ["uploads", "size", "everything"].map((k) => t(`supporterFeatures.${k}` as never)),
    },
  ];
  return (
    <div className="grid gap-6">
      {uploadsOpen ? null : (
        <p className="flex items-start gap-2 rounded-xl border bg-muted/40 p-4 text-sm" data-testid="plans-await-workspace">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t("awaitingWorkspace")}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <Card key={plan.id} data-testid={`plan-${plan.id}`} className={plan.id === "supporter" ? "border-primary" : undefined}>
            <CardHeader>
              <CardTitle className="text-lg">{plan.title}</CardTitle>
              <p className="text-2xl font-semibold">{plan.price}</p>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-4 text-success" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
              {plan.id === "supporter" && showDonate ? (
                supportUrl ? (
                  <Button asChild className="mt-5 w-full" data-testid="donate-link">
                    <a href={supportUrl} target="_blank" rel="noopener noreferrer">
                      <Heart />
                      {t("donate")}
                    </a>
                  </Button>
                ) : (
                  <div className="mt-5 grid gap-3 text-sm" data-testid="donate-unavailable">
                    <p className="text-muted-foreground">{tPlan("becomeByAdmin")}</p>
                    <Button asChild variant="outline" className="justify-self-start">
                      <Link href="/feedback">
                        <MessageSquare aria-hidden />
                        {tPlan("contactAdmin")}
                      </Link>
                    </Button>
                  </div>
                )
              ) : null}
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="rounded-xl border bg-muted/40 p-5">
        <h2 className="font-medium">{t("referralTitle")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("referralBody")}</p>
      </div>
    </div>
  );
}
