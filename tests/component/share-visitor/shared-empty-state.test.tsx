import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { SharedEmptyState } from "@/components/share-visitor/shared-empty-state";
import { renderInLocale } from "../support/render";

// A shared assistant's visitors once saw the workspace's cards about uploading and a guide
// to it. A visitor gets the greeting and how to start, nothing of the owner's.
describe("SharedEmptyState", () => {
  it("greets the visitor by the assistant's name and says how to start, with no owner's cards or guide", () => {
    renderInLocale(<SharedEmptyState name="清運小幫手" suggestionsShown />);
    const empty = screen.getByTestId("shared-empty");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("您好，我是清運小幫手");
    expect(empty.textContent).toContain("在下方輸入問題");
    expect(screen.queryByTestId("feature-cards")).toBeNull();
    expect(screen.queryByTestId("guide-button")).toBeNull();
    expect(empty.textContent).not.toMatch(/上傳|檔案庫/);
  });

  it("points to 您可能想問 only while that panel is shown", () => {
    const { unmount } = renderInLocale(<SharedEmptyState name="清運小幫手" suggestionsShown />);
    expect(screen.getByTestId("shared-empty").textContent).toContain("「您可能想問」");
    unmount();
    renderInLocale(<SharedEmptyState name="清運小幫手" suggestionsShown={false} />);
    expect(screen.getByTestId("shared-empty").textContent).toContain("在下方輸入問題開始對話。");
    expect(screen.getByTestId("shared-empty").textContent).not.toContain("您可能想問");
  });

  it("in English too", () => {
    renderInLocale(<SharedEmptyState name="Helper" suggestionsShown={false} />, { locale: "en" });
    expect(screen.getByTestId("shared-empty").textContent).toContain("Type a question below to start.");
    expect(screen.getByTestId("shared-empty").textContent).not.toContain("You might ask");
  });
});
