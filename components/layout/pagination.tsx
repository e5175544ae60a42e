"use client";

import { useTranslations } from "next-intl";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Previous / next through a paged list; `page` is 0-based. */
export function Pagination({
  page,
  pages,
  onPage,
  label,
  position,
  testId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  position: string;
  testId?: string;
}) {
  const tCommon = useTranslations("common");
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3" data-testid={testId}>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(Math.max(0, page - 1))}>
        <ChevronLeft aria-hidden />
        {tCommon("previous")}
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums">{position}</span>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {tCommon("next")}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
