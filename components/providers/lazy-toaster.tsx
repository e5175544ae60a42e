"use client";

import { useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { TOAST_DEFAULT_MS } from "@/lib/constants";
import { onToasterWanted, toasterWanted } from "@/lib/toast";

// A failed fetch shows no toasts rather than the error page; the next page load tries again.
const Toaster = dynamic(
  () =>
    import("sonner").then(
      (m) => m.Toaster,
      () => () => null,
    ),
  { ssr: false },
);

/** sonner's Toaster, loaded with the first toast (lib/toast.ts) rather than with the page. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  return wanted ? <Toaster richColors closeButton position="top-center" duration={TOAST_DEFAULT_MS} /> : null;
}
