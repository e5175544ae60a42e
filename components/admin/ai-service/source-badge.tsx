"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ValueSource } from "@/lib/server/present/api-types";

const VARIANT = { saved: "default", environment: "secondary", default: "outline", unset: "outline" } as const;
const LABEL = { saved: "sourceSaved", environment: "sourceEnvironment", default: "sourceDefault", unset: "sourceUnset" } as const;

/** Where a value in force comes from: this page, the environment, the product's default, or nowhere. */
export function SourceBadge({ source }: { source: ValueSource }) {
  const t = useTranslations("aiService");
  return (
    <Badge variant={VARIANT[source]} data-source={source}>
      {t(LABEL[source])}
    </Badge>
  );
}
