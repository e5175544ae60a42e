import { AppShell } from "./app-shell";
import { ForbiddenView, type GuardedConsolePath } from "./forbidden-view";

/** 權限不足 as a whole page, for the places outside the console's shell (whose strings a person turned away should not be sent). */
export function ForbiddenPage({ path }: { path: GuardedConsolePath }) {
  return (
    <AppShell>
      <ForbiddenView path={path} />
    </AppShell>
  );
}
