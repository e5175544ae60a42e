"use client";

import { useTranslations } from "next-intl";
import { BookOpen } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Opens the guide in a new tab, or in this tab when the browser blocks the new one. */
export function GuideButton() {
  const t = useTranslations("home");
  return (
    <Button
      variant="outline"
      data-testid="guide-button"
      onClick={() => {
        const opened = window.open("/guide", "_blank", "noopener");
        if (!opened) window.location.assign("/guide");
      }}
    >
      <BookOpen />
      {t("guideButton")}
    </Button>
  );
}
