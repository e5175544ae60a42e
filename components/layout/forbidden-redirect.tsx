"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/lib/toast";

/** The forbidden page's part in the browser (app/forbidden.tsx): 權限不足 as a toast, then on to `to`. */
export function ForbiddenRedirect({ to, message }: { to: string; message: string }) {
  const router = useRouter();
  useEffect(() => {
    toast.error(message, { id: "forbidden" });
    router.replace(to);
  }, [to, message, router]);
  return null;
}
