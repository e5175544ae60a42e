"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { TOAST_LONG_MS } from "@/lib/constants";
import { toast } from "@/lib/toast";

/**
 * The forbidden view's part in the browser: 權限不足 and why as a toast, which stays on the page
 * they are taken to (a client navigation keeps the toaster), then on to `to`.
 */
export function ForbiddenRedirect({ to, title, description }: { to: string; title: string; description: string }) {
  const router = useRouter();
  useEffect(() => {
    toast.error(title, { id: "forbidden", description, duration: TOAST_LONG_MS });
    router.replace(to);
  }, [to, title, description, router]);
  return null;
}
