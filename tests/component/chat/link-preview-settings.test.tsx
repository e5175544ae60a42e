import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LinkPreviewSettingsControl } from "@/components/chat/link-preview-settings";
import type { LinkPreviewSettings } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { renderInLocale } from "../support/render";

// The link-card settings as the chat header mounts them on the first press: a bottom sheet on a
// phone, a dropdown panel on a wider screen, the same settings inside either.

const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgo=";

function server(initial: Partial<LinkPreviewSettings> = {}) {
  let settings: LinkPreviewSettings = { style: "default", useCustomIcon: false, customIcon: null, ...initial };
  const calls = fakeApi({
    "GET /api/link-preview-settings": () => ({ body: settings }),
    "PUT /api/link-preview-settings": ({ body }) => {
      settings = { ...settings, ...(body as Partial<LinkPreviewSettings>) };
      return { body: settings };
    },
    "POST /api/link-preview-settings/icon": () => {
      settings = { ...settings, customIcon: PNG_DATA_URL, useCustomIcon: true };
      return { body: settings };
    },
    "DELETE /api/link-preview-settings/icon": () => {
      settings = { ...settings, customIcon: null, useCustomIcon: false };
      return { body: settings };
    },
  });
  return calls;
}

describe("LinkPreviewSettingsControl", () => {
  it("on a phone is a modal bottom sheet that keeps Tab inside until Escape, then gives focus back to its button", async () => {
    server();
    const { user } = renderInLocale(<LinkPreviewSettingsControl mobile />);
    const sheet = await screen.findByTestId("link-preview-sheet");
    expect(sheet.getAttribute("role")).toBe("dialog");
    expect(screen.queryByTestId("link-preview-dropdown")).toBeNull();
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(sheet.contains(document.activeElement), `Tab #${i + 1} left the sheet`).toBe(true);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("link-preview-sheet")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("link-preview-settings-button"));
  });

  it("on a wider screen is a dropdown panel named for screen readers, closed by Escape", async () => {
    server();
    const { user } = renderInLocale(<LinkPreviewSettingsControl mobile={false} />, { locale: "en" });
    const panel = await screen.findByTestId("link-preview-dropdown");
    expect(panel.getAttribute("aria-label")).toBe("Link preview settings");
    expect(screen.queryByTestId("link-preview-sheet")).toBeNull();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("link-preview-dropdown")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("link-preview-settings-button"));
  });

  it("the six styles are a radio group: Space on a style saves it and marks it chosen", async () => {
    const calls = server();
    const { user } = renderInLocale(<LinkPreviewSettingsControl mobile />);
    const sheet = await screen.findByTestId("link-preview-sheet");
    expect(within(sheet).getAllByRole("radio").map((r) => r.textContent)).toEqual(["預設", "精簡", "極簡", "中型", "橫向", "大型"]);
    within(sheet).getByTestId("preview-style-compact").focus();
    await user.keyboard(" ");
    await waitFor(() => expect(screen.getByTestId("preview-style-compact").getAttribute("aria-checked")).toBe("true"));
    expect(screen.getByTestId("preview-style-default").getAttribute("aria-checked")).toBe("false");
    expect(calls.filter((c) => c.method === "PUT")).toEqual([{ method: "PUT", path: "/api/link-preview-settings", query: "", body: { style: "compact" } }]);
  });

  it("the custom icon: the switch is off and disabled without one, on once one is uploaded, off and disabled again once removed", async () => {
    server();
    const { user } = renderInLocale(<LinkPreviewSettingsControl mobile={false} />);
    await screen.findByTestId("link-preview-dropdown");
    const useIcon = () => screen.getByTestId("use-custom-icon") as HTMLInputElement;
    await waitFor(() => expect(useIcon().disabled).toBe(true));
    expect(useIcon().checked).toBe(false);

    await user.upload(screen.getByTestId("icon-file"), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "icon.png", { type: "image/png" }));
    expect(await screen.findByText("圖標上傳成功")).toBeTruthy();
    await waitFor(() => expect(useIcon().checked).toBe(true));
    expect(useIcon().disabled).toBe(false);
    expect(screen.getByTestId("custom-icon").getAttribute("src")).toBe(PNG_DATA_URL);

    await user.click(screen.getByTestId("remove-icon"));
    expect(await screen.findByText("圖標已移除")).toBeTruthy();
    await waitFor(() => expect(useIcon().checked).toBe(false));
    expect(useIcon().disabled).toBe(true);
    expect(screen.queryByTestId("custom-icon")).toBeNull();
  });

  it("refuses a file that is not an image, or one over 5 MB, before sending anything", async () => {
    const calls = server();
    renderInLocale(<LinkPreviewSettingsControl mobile={false} />);
    await screen.findByTestId("link-preview-dropdown");
    const input = screen.getByTestId("icon-file");
    // The chooser's filter aside, as a file dropped onto it or picked with "all files" arrives.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("檔案格式錯誤")).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    expect(await screen.findByText("檔案太大")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});
