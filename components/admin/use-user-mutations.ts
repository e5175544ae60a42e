"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";

// The plan changes through SupporterGrantDialog, which needs its answer before it closes.
export type UserChanges = Partial<Pick<ClientUser, "role" | "disabled">>;

function failed(title: string, error: unknown) {
  const description = errorMessage(error, "");
  toast.error(title, description ? { description } : undefined);
}

/**
 * PATCH and DELETE on /api/users/{id}, with toasts. `pending` holds the change being saved per
 * user, so a select shows the chosen value at once and falls back to the server's on failure.
 */
export function useUserMutations(refresh: () => Promise<unknown>) {
  const t = useTranslations("users");
  const [pending, setPending] = useState<ReadonlyMap<string, UserChanges>>(() => new Map());

  const track = useCallback(async (id: string, changes: UserChanges, work: () => Promise<void>) => {
    setPending((map) => new Map(map).set(id, changes));
    try {
      await work();
    } finally {
      setPending((map) => {
        const next = new Map(map);
        next.delete(id);
        return next;
      });
    }
  }, []);

  const updateUser = useCallback(
    (user: ClientUser, changes: UserChanges, { isSelf = false } = {}) =>
      track(user.id, changes, async () => {
        try {
          await apiFetch(`/api/users/${encodeURIComponent(user.id)}`, { method: "PATCH", json: changes });
          toast.success(t("updated"));
          // A role change ends that user's sessions, one's own included: start again from sign-in.
          if (isSelf && changes.role !== undefined && changes.role !== user.role) {
            window.location.reload();
            return;
          }
        } catch (error) {
          // The server explains refusals such as demoting the last admin.
          failed(t("updateFailed"), error);
        }
        await refresh();
      }),
    [refresh, t, track],
  );

  const deleteUser = useCallback(
    (user: ClientUser) =>
      track(user.id, {}, async () => {
        try {
          await apiFetch(`/api/users/${encodeURIComponent(user.id)}`, { method: "DELETE" });
          toast.success(t("deleted"));
        } catch (error) {
          failed(t("deleteFailed"), error);
        }
        await refresh();
      }),
    [refresh, t, track],
  );

  return { pending, updateUser, deleteUser };
}
