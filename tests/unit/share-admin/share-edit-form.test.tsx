import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { SWRConfig } from "swr";
import { GoogleAvailability } from "@/components/share-admin/google-availability";
import { ShareEditForm } from "@/components/share-admin/share-edit-dialog";
import type { OwnerShare } from "@/lib/server/present/api-types";
import zhTW from "@/messages/zh-TW.json";

const share: OwnerShare = {
  id: "1",
  shareId: "abc",
  shareUrl: "http://localhost/shared/abc",
  assistantId: "a1",
  assistantName: "文件助理",
  name: "會員專屬小幫手",
  rolePrompt: "",
  ownName: true,
  ownRolePrompt: false,
  isPublicMode: false,
  accessMode: "google_required",
  includeDocuments: true,
  announcementEnabled: false,
  pinnedAnnouncement: null,
  embedOrigins: [],
  messageCount: 0,
  quickLink: false,
  createdAt: "2026-11-22T00:00:00.000Z",
};

function render(googleAvailable: boolean, accessMode: OwnerShare["accessMode"]) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="zh-TW" messages={zhTW} timeZone="Asia/Taipei">
      <SWRConfig value={{ provider: () => new Map() }}>
        <GoogleAvailability.Provider value={googleAvailable}>
          <ShareEditForm share={{ ...share, accessMode }} onDone={() => undefined} />
        </GoogleAvailability.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
}

describe("the share edit form", () => {
  it("warns that visitors cannot send when Google sign-in is required but not set up on the server", () => {
    const warning = "此伺服器尚未設定 Google 登入";
    expect(render(false, "google_required")).toContain(warning);
    expect(render(true, "google_required")).not.toContain(warning);
    expect(render(false, "open")).not.toContain(warning);
  });

  it("does not offer Google sign-in as a new access mode while the server has none; a share that has it keeps it", () => {
    const googleOption = /<option value="google_required"( disabled="")?>/;
    expect(render(false, "open").match(googleOption)?.[1]).toBe(' disabled=""');
    expect(render(false, "google_required").match(googleOption)?.[1]).toBeUndefined();
    expect(render(true, "open").match(googleOption)?.[1]).toBeUndefined();
  });
});
