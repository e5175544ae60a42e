import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { PlanOverviewCard } from "@/components/plans/plan-overview-card";
import type { PlanOverview } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

const MB = 1024 * 1024;
const free = (workspace: boolean): PlanOverview => ({
  status: { kind: "free", until: null, monthlyUploads: 5, maxFileBytes: 10 * MB },
  month: "2026-12",
  uploads: 0,
  workspace,
  trialEndsAt: null,
  supporterUntil: null,
});

/** The card as /subscribe draws it with the server's overview (the data layer paused: no refetch to wait for). */
function renderCard(overview: PlanOverview, locale: "zh-TW" | "en" = "zh-TW") {
  return renderInLocale(
    <SWRConfig value={{ provider: () => new Map(), isPaused: () => true }}>
      <PlanOverviewCard initial={overview} description="你目前的方案與用量。" showPlansLink />
    </SWRConfig>,
    { locale },
  );
}

// Someone without a workspace once read 本月上傳 0 / 5 個檔案 for uploads they cannot make.
describe("PlanOverviewCard", () => {
  it("with a workspace: the limits, this month's uploads against them and the plans link", () => {
    renderCard(free(true));
    expect(screen.getByTestId("plan-limits").textContent).toBe("每月可上傳 5 個檔案，單檔上限 10 MB");
    expect(screen.getByTestId("plan-usage-count").textContent).toBe("0 / 5 個檔案");
    expect(screen.queryByTestId("plan-no-workspace")).toBeNull();
    expect(screen.getByText("你目前的方案與用量。")).toBeTruthy();
    expect(screen.getByTestId("see-plans").textContent).toBe("查看方案與用量");
  });

  it("without one: the limits as they will apply once workspaces open, why there is no upload, no counter", () => {
    renderCard(free(false));
    expect(screen.getByTestId("plan-limits").textContent).toBe("管理員開放工作區後適用：每月可上傳 5 個檔案，單檔上限 10 MB");
    expect(screen.getByTestId("plan-no-workspace").textContent).toBe("這個網站的文件工作區目前只開放給管理員與經理，所以你還不能上傳文件。");
    expect(screen.queryByTestId("plan-usage")).toBeNull();
    expect(screen.queryByText("你目前的方案與用量。")).toBeNull();
    expect(screen.getByTestId("see-plans").textContent).toBe("查看方案");
  });

  it("without one, in English", () => {
    renderCard(free(false), "en");
    expect(screen.getByTestId("plan-limits").textContent).toBe("Once the administrator opens workspaces: 5 uploads a month, 10 MB per file");
  });
});
