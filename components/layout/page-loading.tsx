import { Spinner } from "@/components/ui/spinner";

/**
 * The spinner a protected page shows while it, and the user it is checked against, load (docs/rules/roles-and-routes.md#protected-routes).
 * Only the protected sections have it (their loading.tsx): a loading boundary makes the server
 * send the page's content as a second, later part of the HTML, and a public page (sign-in, the
 * guide, a shared assistant) would paint its content later for it.
 */
export function PageLoading() {
  return (
    <div className="grid min-h-[60dvh] place-items-center" data-testid="page-loading">
      <Spinner className="size-8" />
    </div>
  );
}
