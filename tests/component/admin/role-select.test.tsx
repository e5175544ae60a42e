import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { RoleSelect } from "@/components/admin/role-select";
import type { ClientUser } from "@/lib/client-user";
import { renderInLocale } from "../support/render";

const member = { id: "u1", email: "ming@example.com", displayName: "王小明", role: "user" } as ClientUser;

function renderSelect(props: Partial<Parameters<typeof RoleSelect>[0]> = {}, locale: "zh-TW" | "en" = "zh-TW") {
  const onConfirm = vi.fn();
  const utils = renderInLocale(<RoleSelect user={member} isSelf={false} pendingRole={undefined} disabled={false} id="role-u1" labelled={false} onConfirm={onConfirm} {...props} />, { locale });
  return { ...utils, onConfirm, select: screen.getByTestId("role-select-ming@example.com") as HTMLSelectElement };
}

// A role, even admin, once changed with no confirmation. Now the choice asks first, naming the
// person and the new role, and a promotion to admin says what it grants.
describe("RoleSelect", () => {
  it("promoting to admin asks first, naming the person, both roles and what an admin may do", async () => {
    const { user, select, onConfirm } = renderSelect();
    await user.selectOptions(select, "admin");
    const dialog = await screen.findByTestId("role-change-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("要將 王小明 的角色改為「管理員」嗎？");
    expect(dialog.textContent).toContain("ming@example.com 目前是「一般用戶」，將改為「管理員」。");
    expect(within(dialog).getByTestId("role-change-grants").textContent).toMatch(/^管理員可以管理所有用戶.*請只把這個角色交給你信任的人。$/);
    expect(dialog.textContent).toContain("對方在所有裝置上的登入都會結束");
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByTestId("role-change-confirm"));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith("admin");
    expect(screen.queryByTestId("role-change-dialog")).toBeNull();
  });

  it("cancelling changes nothing and the list keeps showing the current role", async () => {
    const { user, select, onConfirm } = renderSelect();
    await user.selectOptions(select, "manager");
    const dialog = await screen.findByTestId("role-change-dialog");
    expect(within(dialog).getByTestId("role-change-grants").textContent).toMatch(/^經理可以開啟管理主控台/);
    await user.click(within(dialog).getByTestId("role-change-cancel"));
    expect(screen.queryByTestId("role-change-dialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(select.value).toBe("user");
  });

  it("Escape dismisses it like cancel", async () => {
    const { user, select, onConfirm } = renderSelect();
    await user.selectOptions(select, "admin");
    await screen.findByTestId("role-change-dialog");
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("role-change-dialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(select.value).toBe("user");
  });

  it("in English, and for one's own account says one will sign in again", async () => {
    const { user, select } = renderSelect({ user: { ...member, role: "admin" }, isSelf: true }, "en");
    await user.selectOptions(select, "user");
    const dialog = await screen.findByTestId("role-change-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Change 王小明's role to User?");
    expect(dialog.textContent).toContain("ming@example.com is now “Admin” and will become “User”.");
    expect(dialog.textContent).toContain("This is your own account: once changed, you need to sign in again.");
  });

  it("while a change is saved, shows the new role and cannot be changed again", () => {
    const { select } = renderSelect({ pendingRole: "manager", disabled: true });
    expect(select.value).toBe("manager");
    expect(select.disabled).toBe(true);
  });
});
