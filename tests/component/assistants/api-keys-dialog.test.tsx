import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { AssistantCard } from "@/components/assistants/assistant-card";
import type { PublicApiKey } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { assistant } from "../support/library-data";
import { renderInLocale } from "../support/render";

// An assistant's API keys, from its card's menu: a new key shown whole once, the list by prefix
// only, and revoking asked first.

const helper = assistant("h", "客服助理");
const SECRET = "dak_00112233445566aa_" + "S".repeat(43);

const listed = (over: Partial<PublicApiKey> = {}): PublicApiKey => ({
  id: "00112233445566aa",
  name: "官網",
  prefix: "dak_00112233445566aa",
  createdAt: "2026-12-01T08:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

function open(locale: "zh-TW" | "en" = "zh-TW") {
  const rendered = renderInLocale(
    <ul>
      <AssistantCard assistant={helper} onlyOne={false} />
    </ul>,
    { locale },
  );
  return rendered;
}

describe("ApiKeysDialog", () => {
  it("makes a named key and shows it whole once; the list shows its prefix, and closing forgets the key", async () => {
    let keys: PublicApiKey[] = [];
    const calls = fakeApi({
      "GET /api/assistants/h/api-keys": () => ({ body: keys }),
      "POST /api/assistants/h/api-keys": (req) => {
        keys = [listed({ name: (req.body as { name: string }).name })];
        return { status: 201, body: { ...keys[0], key: SECRET } };
      },
    });
    const { user } = open();
    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-api-keys"));
    const dialog = await screen.findByTestId("api-keys-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("「客服助理」的 API 金鑰");
    expect(within(dialog).getByTestId("api-keys-how-to").textContent).toContain("/api/v1");
    expect(await within(dialog).findByTestId("api-keys-none")).toBeTruthy();

    await user.click(within(dialog).getByTestId("api-key-create"));
    expect(within(dialog).getByRole("alert").textContent).toBe("請輸入金鑰名稱");
    await user.type(within(dialog).getByLabelText("金鑰名稱"), "官網客服");
    await user.click(within(dialog).getByTestId("api-key-create"));
    expect(((await within(dialog).findByTestId("api-key-value")) as HTMLInputElement).value).toBe(SECRET);
    const row = await within(dialog).findByTestId("api-key-row");
    expect(row.textContent).toContain("官網客服");
    expect(row.textContent).toContain("dak_00112233445566aa…");
    expect(row.textContent).toContain("尚未使用");
    expect(row.textContent).not.toContain("SSSS");
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/api/assistants/h/api-keys", query: "", body: { name: "官網客服" } }]);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("api-keys-dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("assistant-more"));
    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-api-keys"));
    expect(await screen.findByTestId("api-key-row")).toBeTruthy();
    expect(screen.queryByTestId("api-key-value")).toBeNull();
  });

  it("revokes only after asking, and shows the key as revoked", async () => {
    let keys = [listed({ lastUsedAt: "2026-12-02T08:00:00.000Z" })];
    const calls = fakeApi({
      "GET /api/assistants/h/api-keys": () => ({ body: keys }),
      "DELETE /api/assistants/h/api-keys/00112233445566aa": () => {
        keys = [listed({ revokedAt: "2026-12-03T08:00:00.000Z" })];
        return { body: keys[0] };
      },
    });
    const { user } = open("en");
    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-api-keys"));
    const row = await screen.findByTestId("api-key-row");
    expect(row.textContent).toContain("Last used");
    await user.click(within(row).getByRole("button", { name: "Revoke the key “官網”" }));
    const confirm = await screen.findByTestId("api-key-revoke-dialog");
    expect(confirm.textContent).toContain("lose access at once");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(confirm).getByTestId("api-key-revoke-confirm"));
    await waitFor(() => expect(screen.getByTestId("api-key-row").getAttribute("data-revoked")).toBe("true"));
    expect(screen.getByTestId("api-key-row").textContent).toContain("Revoked");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/assistants/h/api-keys/00112233445566aa"]);
  });
});
