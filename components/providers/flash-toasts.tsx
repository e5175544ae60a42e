"use client";

import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { takeFlashToasts } from "@/lib/flash-toast";

export function FlashToasts() {
  useEffect(() => {
    for (const flash of takeFlashToasts()) toast[flash.type](flash.title, { description: flash.description });
  }, []);
  return null;
}
