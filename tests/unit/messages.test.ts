import { describe, expect, it } from "vitest";
import zhTW from "@/messages/zh-TW.json";
import en from "@/messages/en.json";
import suggestionsZh from "@/lib/server/ai/suggestion-texts/zh-TW.json";
import suggestionsEn from "@/lib/server/ai/suggestion-texts/en.json";

function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
}

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

// The interface's catalogs, and the texts suggested questions are made of (lists, server-side).
const PAIRS = [
  { name: "messages/*.json", zh: zhTW as unknown, en: en as unknown },
  { name: "lib/server/ai/suggestion-texts/*.json", zh: suggestionsZh as unknown, en: suggestionsEn as unknown },
];

describe.each(PAIRS)("$name", ({ zh: zhTexts, en: enTexts }) => {
  it("zh-TW and en have exactly the same keys", () => {
    expect(keys(enTexts).sort()).toEqual(keys(zhTexts).sort());
  });

  it("every string is non-empty and uses the same placeholders in both languages", () => {
    const english = new Map(leaves(enTexts));
    for (const [key, zh] of leaves(zhTexts)) {
      expect(zh.trim(), key).not.toBe("");
      expect(english.get(key)?.trim(), key).not.toBe("");
      expect(placeholders(english.get(key)!), key).toEqual(placeholders(zh));
    }
  });
});

describe("messages/*.json", () => {
  it("holds only strings, nested in objects: the build precompiles each one for next-intl, and refuses a list", () => {
    const notString = (value: unknown, prefix: string): string[] =>
      typeof value === "string" ? [] : value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value).flatMap(([k, v]) => notString(v, `${prefix}.${k}`)) : [prefix];
    expect([...notString(zhTW, "zh-TW"), ...notString(en, "en")]).toEqual([]);
  });

  it("uses the product's Chinese texts word for word", () => {
    const zh = new Map(leaves(zhTW));
    const expected: Record<string, string> = {
      "guard.forbidden": "權限不足",
      "fatal.title": "載入錯誤",
      "auth.loginSuccess": "登入成功",
      "auth.loginFailed": "登入失敗",
      "auth.logoutSuccess": "登出成功",
      "auth.logoutFailed": "登出失敗",
      "auth.logoutFailedDescription": "登出時發生錯誤，請重新嘗試",
      "auth.referralSuccess": "邀請碼處理成功",
      "users.created": "用戶創建成功",
      "users.createFailed": "創建用戶失敗",
      "shared.missingId": "缺少共享助手 ID",
      "shared.notFound": "找不到此共享助手，請確認連結是否正確",
      "shared.loadErrorTitle": "無法載入共享助手",
      "shared.authSuccess": "登入成功",
      "shares.createFailed": "分享失敗",
      "shares.createFailedDescription": "無法創建共享助手，請稍後再試",
    };
    for (const [key, text] of Object.entries(expected)) expect(zh.get(key), key).toBe(text);
  });
});

// A text that sends the reader to another screen names it as the console's menu shows it.
describe("screens named by their titles", () => {
  const catalogs = { "zh-TW": zhTW, en } as const;
  it.each(Object.keys(catalogs) as (keyof typeof catalogs)[])("%s: the newsletter screen is called by its title wherever a text points to it", (locale) => {
    const texts = catalogs[locale];
    const title = texts.admin.emailManagement;
    for (const text of [texts.email.errors.noMailServer, texts.email.compose.noServer, texts.email.compose.back]) expect(text).toContain(title);
  });
});

describe("the guide quotes the buttons it names", () => {
  it.each([
    ["zh-TW", zhTW],
    ["en", en],
  ] as const)("%s: the sharing section names the chat's share button by its label", (_locale, texts) => {
    expect(texts.guide.sections.share.body).toContain(texts.shares.shareButton);
  });
});
