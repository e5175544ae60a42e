import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";
import { toStored } from "@/lib/server/policies/default-assistant";
import { profileOf } from "@/lib/server/present/assistant";

describe("the default assistant", () => {
  it("is put into words in the reader's language; a name or role prompt of the owner's own stays as it is", () => {
    expect(profileOf(null, "en")).toEqual({ name: en.assistant.defaultName, rolePrompt: en.assistant.defaultRolePrompt });
    expect(profileOf({ name: null, rolePrompt: null }, "zh-TW")).toEqual({ name: "文件助理", rolePrompt: zhTW.assistant.defaultRolePrompt });
    expect(profileOf({ name: "稅務小幫手", rolePrompt: null }, "en")).toEqual({ name: "稅務小幫手", rolePrompt: en.assistant.defaultRolePrompt });
  });

  it("is stored as the default when given in its own words, in any language", () => {
    expect(toStored({ name: "文件助理", rolePrompt: en.assistant.defaultRolePrompt })).toEqual({ name: null, rolePrompt: null });
    expect(toStored({ name: " Document Assistant ", rolePrompt: `${zhTW.assistant.defaultRolePrompt}\n` })).toEqual({ name: null, rolePrompt: null });
    expect(toStored({ name: "文件助理二號", rolePrompt: "" })).toEqual({ name: "文件助理二號", rolePrompt: "" });
  });

  it("leaves absent fields absent and other fields alone", () => {
    const update: { name?: string; rolePrompt?: string; isPublicMode?: boolean; accessMode?: string } = { isPublicMode: true };
    expect(toStored(update)).toEqual({ isPublicMode: true });
    expect(toStored({ ...update, name: "Document Assistant", accessMode: "open" })).toEqual({ name: null, isPublicMode: true, accessMode: "open" });
  });
});
