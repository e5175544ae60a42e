"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { LogOut } from "lucide-react";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { queueFlashToast } from "@/lib/flash-toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * "Sign out everywhere": ends every session of the account, this browser's too, so afterwards the
 * page goes to "/" with a full load (every cached piece of data gone, as on sign-out) and the
 * success toast is carried across it. On failure nothing ended: stay and say so.
 */
export function SessionsCard() {
  const t = useTranslations("account");
  const tCommon = useTranslations("common");
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    setBusy(true);
    try {
      await apiFetch("/api/user/sessions", { method: "DELETE" });
    } catch (error) {
      toast.error(t("signOutEverywhereFailed"), { description: errorMessage(error, t("signOutEverywhereFailed")) });
      setBusy(false);
      return;
    }
    queueFlashToast({ type: "success", title: t("signedOutEverywhere") });
    window.location.assign("/");
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sessions")}</CardTitle>
        <CardDescription>{t("sessionsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={busy} data-testid="sign-out-everywhere">
              <LogOut />
              {t("signOutEverywhere")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent data-testid="sign-out-everywhere-dialog">
            <AlertDialogTitle>{t("signOutEverywhereTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("signOutEverywhereBody")}</AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
              <AlertDialogAction onClick={() => void signOutEverywhere()} data-testid="sign-out-everywhere-confirm">
                {t("signOutEverywhere")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
