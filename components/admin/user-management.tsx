"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { Search, UsersRound } from "lucide-react";
import { toast } from "@/lib/toast";
import { jsonFetcher } from "@/lib/fetcher";
import { ROLES, type Role } from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import type { UserPage } from "@/lib/server/present/api-types";
import { cn } from "@/lib/utils";
import { DataLoadError } from "@/components/layout/data-states";
import { Pagination } from "@/components/layout/pagination";
import { PageHeader } from "@/components/layout/page-header";
import { useCurrentUser } from "@/components/layout/use-current-user";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { PlanStatusBadge, usePlanEnd } from "@/components/plans/plan-status";
import { CreateUserDialog } from "./create-user-dialog";
import { RoleSelect } from "./role-select";
import { UserRowActions } from "./user-row-actions";
import { useNarrowScreen } from "./use-narrow-screen";
import { useUserMutations, type UserChanges } from "./use-user-mutations";

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

interface RowProps {
  user: ClientUser;
  isSelf: boolean;
  pendingChanges: UserChanges | undefined;
  onChange: (changes: UserChanges) => void;
  onDelete: () => void;
  onPlanSaved: () => Promise<unknown>;
}

export function UserManagement() {
  const t = useTranslations("users");
  const tRoles = useTranslations("roles");
  const tCommon = useTranslations("common");
  const tApp = useTranslations("app");
  const { user: me } = useCurrentUser();
  const narrow = useNarrowScreen();
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const [page, setPage] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (search) params.set("search", search);
  if (role) params.set("role", role);
  const { data, error, isLoading, isValidating, mutate } = useSWR<UserPage>(`/api/users?${params}`, jsonFetcher, {
    keepPreviousData: true,
    // The app-wide SWR setup never revalidates stale entries; a console list must show fresh data.
    revalidateIfStale: true,
    onError: () => toast.error(t("loadFailed"), { id: "users-load-failed" }),
  });
  const { pending, updateUser, deleteUser } = useUserMutations(() => mutate());

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Deleting the last user of the last page would otherwise leave an empty page behind.
  useEffect(() => {
    if (data && page > 0 && page >= pages) setPage(pages - 1);
  }, [data, page, pages]);

  const rowProps = (user: ClientUser): RowProps => {
    const isSelf = me?.id === user.id;
    return {
      user,
      isSelf,
      pendingChanges: pending.get(user.id),
      onChange: (changes) => void updateUser(user, changes, { isSelf }),
      onDelete: () => void deleteUser(user),
      onPlanSaved: () => mutate(),
    };
  };

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} actions={<CreateUserDialog onCreated={() => mutate()} />} />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Label htmlFor="users-search" className="sr-only">
            {tCommon("search")}
          </Label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="users-search"
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder={t("searchPlaceholder")}
            className="pl-9"
            autoComplete="off"
            data-testid="users-search"
          />
        </div>
        <div className="sm:w-48">
          <Label htmlFor="users-role-filter" className="sr-only">
            {t("filterRole")}
          </Label>
          <NativeSelect
            id="users-role-filter"
            value={role}
            onChange={(e) => {
              setRole(e.target.value as Role | "");
              setPage(0);
            }}
            data-testid="users-role-filter"
          >
            <option value="">{t("allRoles")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {tRoles(r)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="mb-3 flex min-h-6 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {data ? <span data-testid="users-total">{t("total", { count: total })}</span> : null}
        {data && isValidating ? <Spinner className="size-4" /> : null}
      </div>

      {!data && isLoading ? (
        <div className="grid place-items-center py-16">
          <Spinner label={tApp("loading")} />
        </div>
      ) : !data && error ? (
        <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="users-load-error" />
      ) : data && data.users.length === 0 ? (
        <Card className="items-center px-5 py-12 text-center" data-testid="users-empty">
          <UsersRound className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        </Card>
      ) : data ? (
        narrow ? (
          <ul className="grid gap-3" aria-label={t("title")} data-testid="users-cards">
            {data.users.map((user) => (
              <UserCard key={user.id} {...rowProps(user)} />
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card" data-testid="users-table">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("title")}</caption>
              <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("name")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("role")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("plan")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("status")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("lastLogin")}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium lg:table-cell">
                    {t("createdAt")}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t("actions")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.users.map((user) => (
                  <UserTableRow key={user.id} {...rowProps(user)} />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}

      {data ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={setPage}
          label={t("pagination")}
          position={t("page", { page: page + 1, pages })}
          testId="users-pagination"
        />
      ) : null}
    </>
  );
}

function UserIdentity({ user, isSelf }: { user: ClientUser; isSelf: boolean }) {
  const t = useTranslations("users");
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="truncate font-medium text-foreground">{user.displayName}</span>
        {isSelf ? (
          <span className="text-xs text-primary" data-testid="current-user-marker">
            {t("you")}
          </span>
        ) : null}
      </div>
      <div className="truncate text-xs text-muted-foreground">{user.email}</div>
    </div>
  );
}

function StatusBadge({ disabled }: { disabled: boolean }) {
  const t = useTranslations("users");
  return <Badge variant={disabled ? "secondary" : "success"}>{disabled ? t("disabled") : t("active")}</Badge>;
}

/** The plan that holds now, as /account and /subscribe show it, and a grant that has ended. */
function PlanCell({ user }: { user: ClientUser }) {
  const t = useTranslations("planStatus");
  const planEnd = usePlanEnd();
  const ended = user.plan === "supporter" && user.supporterUntil !== null && new Date(user.supporterUntil).getTime() <= Date.now();
  return (
    <div className="grid gap-1">
      <PlanStatusBadge status={user.planStatus} testId={`plan-status-${user.email}`} />
      {ended ? (
        <span className="text-xs text-muted-foreground">{t("supporterEnded", { date: planEnd({ kind: "supporter", until: user.supporterUntil })! })}</span>
      ) : null}
    </div>
  );
}

function UserTableRow(props: RowProps) {
  const { user, isSelf, pendingChanges, onChange, onDelete, onPlanSaved } = props;
  const tCommon = useTranslations("common");
  const format = useFormatter();
  return (
    <tr data-testid={`user-row-${user.email}`} className={cn("align-middle", user.disabled && "bg-muted/30")}>
      <td className="max-w-64 px-4 py-3">
        <UserIdentity user={user} isSelf={isSelf} />
      </td>
      <td className="px-3 py-3">
        <RoleSelect user={user} isSelf={isSelf} pendingRole={pendingChanges?.role} disabled={pendingChanges !== undefined} id={`role-${user.id}`} labelled={false} onConfirm={(role) => onChange({ role })} />
      </td>
      <td className="px-3 py-3">
        <PlanCell user={user} />
      </td>
      <td className="px-3 py-3">
        <StatusBadge disabled={user.disabled} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
        {user.lastLoginAt ? format.dateTime(new Date(user.lastLoginAt), { dateStyle: "medium", timeStyle: "short" }) : tCommon("never")}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-muted-foreground lg:table-cell">
        {format.dateTime(new Date(user.createdAt), { dateStyle: "medium" })}
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end">
          <UserRowActions
            user={user}
            isSelf={isSelf}
            pending={pendingChanges !== undefined}
            compact
            onToggleDisabled={() => onChange({ disabled: !user.disabled })}
            onDelete={onDelete}
            onPlanSaved={onPlanSaved}
          />
        </div>
      </td>
    </tr>
  );
}

function UserCard(props: RowProps) {
  const { user, isSelf, pendingChanges, onChange, onDelete, onPlanSaved } = props;
  const t = useTranslations("users");
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const roleId = `role-${user.id}`;
  return (
    <li data-testid={`user-row-${user.email}`}>
      <Card className={cn("gap-4 px-4 py-4", user.disabled && "bg-muted/30")}>
        <div className="flex items-start justify-between gap-3">
          <UserIdentity user={user} isSelf={isSelf} />
          <StatusBadge disabled={user.disabled} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={roleId} className="text-xs text-muted-foreground">
              {t("role")}
            </Label>
            <RoleSelect user={user} isSelf={isSelf} pendingRole={pendingChanges?.role} disabled={pendingChanges !== undefined} id={roleId} labelled onConfirm={(role) => onChange({ role })} />
          </div>
          <div className="grid content-start gap-1.5">
            <span className="text-xs font-medium text-muted-foreground">{t("plan")}</span>
            <PlanCell user={user} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-xs">
          <div>
            <dt className="text-muted-foreground">{t("lastLogin")}</dt>
            <dd className="mt-0.5">
              {user.lastLoginAt ? format.dateTime(new Date(user.lastLoginAt), { dateStyle: "medium", timeStyle: "short" }) : tCommon("never")}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("createdAt")}</dt>
            <dd className="mt-0.5">{format.dateTime(new Date(user.createdAt), { dateStyle: "medium" })}</dd>
          </div>
        </dl>
        <UserRowActions
          user={user}
          isSelf={isSelf}
          pending={pendingChanges !== undefined}
          compact={false}
          onToggleDisabled={() => onChange({ disabled: !user.disabled })}
          onDelete={onDelete}
          onPlanSaved={onPlanSaved}
        />
      </Card>
    </li>
  );
}
