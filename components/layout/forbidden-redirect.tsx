"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ShieldAlert } from "lucide-react";
import { deniedRedirect } from "@/lib/route-access";
import { useCurrentUser } from "@/components/layout/use-current-user";

/** 權限不足, then staff go to /admin and everyone else to /auth (SPEC §2). */
export function ForbiddenRedirect() {
  const t = useTranslations("guard");
  const router = useRouter();
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (isLoading) return;
    toast.error(t("forbidden"), { id: "forbidden" });
    router.replace(deniedRedirect(user?.role));
  }, [isLoading, user?.role, router, t]);
  return (
    <main className="grid min-h-[60dvh] place-items-center p-4" data-testid="forbidden">
      <div className="text-center">
        <ShieldAlert className="mx-auto mb-3 size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">{t("forbidden")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("forbiddenDescription")}</p>
      </div>
    </main>
  );
}
