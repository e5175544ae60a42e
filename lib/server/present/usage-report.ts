import type { UsageDay, UsageGroup, UsageMetrics, ModelPriceRow } from "@/lib/server/queries/usage-report";
import type { UsageDimension, UsageRange, UsageSort } from "@/lib/usage-report";

/** GET /api/admin/api-usage: model calls of a range, by day and grouped by a dimension. */
export interface UsageReport {
  range: UsageRange;
  /** "exact": percentiles from every call of the range; "histogram": estimated from the rollup. */
  latency: "exact" | "histogram";
  totals: UsageMetrics;
  /** Every day of the range, days without calls included. */
  days: UsageDay[];
  breakdown: {
    dimension: UsageDimension;
    sort: UsageSort;
    dir: "asc" | "desc";
    page: number;
    pageSize: number;
    total: number;
    groups: UsageGroup[];
  };
}

/** GET, PUT and DELETE /api/admin/model-prices: every model's price, as it is now. */
export interface ModelPriceList {
  prices: ModelPriceRow[];
}
