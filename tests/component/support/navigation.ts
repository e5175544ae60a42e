import { vi } from "vitest";

/** What components asked the router to do, in order. */
export const routerCalls: { method: string; args: unknown[] }[] = [];
let pathname = "/";
let search = new URLSearchParams();

export function setLocation(path: string) {
  const url = new URL(path, "http://localhost");
  pathname = url.pathname;
  search = url.searchParams;
}

const router = Object.fromEntries(
  ["push", "replace", "refresh", "back", "forward", "prefetch"].map((method) => [method, vi.fn((...args: unknown[]) => void routerCalls.push({ method, args }))]),
);

export const navigationModule = {
  useRouter: () => router,
  usePathname: () => pathname,
  useSearchParams: () => search,
  useParams: () => ({}),
  redirect: (to: string) => {
    throw new Error(`redirect(${to})`);
  },
  notFound: () => {
    throw new Error("notFound()");
  },
};
