import { describe, expect, it } from "vitest";
import { navItemsFor } from "@/components/layout/nav-items";
import zhTW from "@/messages/zh-TW.json";
import en from "@/messages/en.json";

// The header's link to "/" opens the whole workspace (chat, assistants, library, shares). Named
// like the chat tab, it stayed highlighted as 對話 while the library or the assistants were open.
describe("the header's link to the workspace", () => {
  it.each([
    ["zh-TW", zhTW],
    ["en", en],
  ] as const)("%s: is named as the workspace, not as one of its tabs", (_locale, texts) => {
    for (const [role, everyone] of [["admin", false], ["manager", true], ["user", true]] as const) {
      const home = navItemsFor(role, everyone).primary.find((item) => item.href === "/")!;
      const label = texts.nav[home.key];
      expect(label).toBe(texts.workspace.tabs);
      expect([texts.workspace.chat, texts.workspace.files, texts.workspace.assistants, texts.shares.tab]).not.toContain(label);
    }
  });
});
