import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { WorkspaceAccessOptions } from "@/components/admin/workspace-access-options";
import { renderInLocale } from "../support/render";

// The first run's and the console's choice of who gets a workspace, each answer with what it
// means for the people who register.
describe("WorkspaceAccessOptions", () => {
  it("offers both answers with their consequence, read as each radio's description", () => {
    renderInLocale(<WorkspaceAccessOptions value="admins" onChange={() => {}} labelledBy="title" />);
    const admins = screen.getByRole("radio", { name: "只有管理員與經理" });
    const everyone = screen.getByRole("radio", { name: "所有已登入的用戶" });
    expect((admins as HTMLInputElement).checked).toBe(true);
    expect(admins.getAttribute("aria-describedby") && document.getElementById(admins.getAttribute("aria-describedby")!)?.textContent).toMatch(/^其他人註冊後沒有工作區：可以開啟別人分享的助理/);
    expect(document.getElementById(everyone.getAttribute("aria-describedby")!)?.textContent).toContain("免費方案每月 5 個檔案、單檔 10MB");
  });

  it("tells its owner the answer chosen, by pointer or keyboard", async () => {
    const onChange = vi.fn();
    const { user } = renderInLocale(<WorkspaceAccessOptions value="admins" onChange={onChange} labelledBy="title" />, { locale: "en" });
    await user.click(screen.getByText("Everyone signed in"));
    expect(onChange).toHaveBeenLastCalledWith("everyone");
    screen.getByRole("radio", { name: "Administrators and managers only" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(onChange).toHaveBeenLastCalledWith("everyone");
  });
});
