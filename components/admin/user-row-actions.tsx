"use client";

import { useTranslations } from "next-intl";
import { Ban, CircleCheck, Trash2 } from "lucide-react";
import type { ClientUser } from "@/lib/client-user";
import { SupporterGrantDialog } from "./supporter-grant-dialog";
import { Button } from "@/components/ui/button";
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

/**
 * The plan (grant or remove supporter, with an optional last day), enable/disable and delete (after
 * confirmation) for one user; disabling and deleting are off for oneself.
 */
export function UserRowActions({
  user,
  isSelf,
  pending,
  compact,
  onToggleDisabled,
  onDelete,
  onPlanSaved,
}: {
  user: ClientUser;
  isSelf: boolean;
  pending: boolean;
  compact: boolean;
  onToggleDisabled: () => void;
  onDelete: () => void;
  onPlanSaved: () => Promise<unknown>;
}) {
  const t = useTranslations("users");
  const tCommon = useTranslations("common");
  return (
    <div className="flex items-center gap-2">
      <SupporterGrantDialog user={user} disabled={pending} compact={compact} onSaved={onPlanSaved} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isSelf || pending}
        onClick={onToggleDisabled}
        data-testid={`toggle-disabled-${user.email}`}
        className={compact ? undefined : "flex-1"}
      >
        {user.disabled ? <CircleCheck aria-hidden /> : <Ban aria-hidden />}
        {user.disabled ? t("enable") : t("disable")}
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            type="button"
            variant={compact ? "ghost" : "outline"}
            size={compact ? "icon" : "sm"}
            disabled={isSelf || pending}
            aria-label={t("deleteLabel", { email: user.email })}
            title={t("deleteLabel", { email: user.email })}
            data-testid={`delete-${user.email}`}
            className={compact ? "size-8 text-destructive hover:text-destructive" : "flex-1 text-destructive hover:text-destructive"}
          >
            <Trash2 aria-hidden />
            {compact ? null : t("delete")}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{t("deleteDescription", { email: user.email })}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={onDelete} data-testid="confirm-delete">
              {tCommon("delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
