"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ROLES, type Role } from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import { NativeSelect } from "@/components/ui/native-select";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

/**
 * A user's role, changed only after a confirmation that names the person, the old and new role,
 * and what the new role may do (an admin's powers in full), since a role change takes effect at
 * once and ends that person's sessions. Until confirmed the list keeps showing the current role.
 */
export function RoleSelect({
  user,
  isSelf,
  pendingRole,
  disabled,
  id,
  labelled,
  onConfirm,
}: {
  user: ClientUser;
  isSelf: boolean;
  /** The role being saved, shown meanwhile. */
  pendingRole: Role | undefined;
  disabled: boolean;
  id: string;
  /** Labelled by a visible <label for={id}>; otherwise the select names the user itself. */
  labelled: boolean;
  onConfirm: (role: Role) => void;
}) {
  const t = useTranslations("users");
  const tRoles = useTranslations("roles");
  const tCommon = useTranslations("common");
  const [asked, setAsked] = useState<Role | null>(null);
  return (
    <>
      <NativeSelect
        id={id}
        value={pendingRole ?? user.role}
        disabled={disabled}
        onChange={(e) => {
          const role = e.target.value as Role;
          if (role !== user.role) setAsked(role);
        }}
        aria-label={labelled ? undefined : t("roleFor", { email: user.email })}
        className="min-w-28"
        data-testid={`role-select-${user.email}`}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {tRoles(r)}
          </option>
        ))}
      </NativeSelect>
      <AlertDialog open={asked !== null} onOpenChange={(open) => !open && setAsked(null)}>
        {asked ? (
          <AlertDialogContent data-testid="role-change-dialog">
            <AlertDialogTitle className="break-words">{t("roleChangeTitle", { name: user.displayName, role: tRoles(asked) })}</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2 break-words">
                <p>{t("roleChangeFrom", { email: user.email, from: tRoles(user.role), to: tRoles(asked) })}</p>
                <p className={asked === "admin" ? "text-foreground" : undefined} data-testid="role-change-grants">
                  {t(`roleGrants.${asked}`)}
                </p>
                <p>{isSelf ? t("roleChangeSignsOutSelf") : t("roleChangeSignsOut")}</p>
              </div>
            </AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel data-testid="role-change-cancel">{tCommon("cancel")}</AlertDialogCancel>
              <AlertDialogAction variant="default" onClick={() => onConfirm(asked)} data-testid="role-change-confirm">
                {t("roleChangeConfirm", { role: tRoles(asked) })}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </>
  );
}
