import { describe, expect, it } from "vitest";
import { announceShare, type ShareAnnouncer } from "@/lib/share-admin/announce-share";
import { fieldErrors, validationIssues } from "@/lib/share-admin/field-errors";

function recorder(overrides: Partial<ShareAnnouncer> = {}) {
  const calls: string[] = [];
  const announcer: ShareAnnouncer = {
    copy: async (text) => void calls.push(`copy ${text}`),
    open: (url) => void calls.push(`open ${url}`),
    log: (message) => void calls.push(`log ${message}`),
    ...overrides,
  };
  return { calls, announcer };
}

describe("announceShare", () => {
  const url = "http://127.0.0.1:3000/shared/abc";

  it("copies the link, then opens it", async () => {
    const { calls, announcer } = recorder();
    expect(await announceShare(url, announcer)).toBe(true);
    expect(calls).toEqual([`copy ${url}`, `open ${url}`]);
  });

  it("only logs a clipboard failure and still opens the link", async () => {
    const { calls, announcer } = recorder({ copy: () => Promise.reject(new Error("denied")) });
    expect(await announceShare(url, announcer)).toBe(false);
    expect(calls).toEqual(["log share link not copied", `open ${url}`]);
  });

  it("treats a pop-up that throws as no failure of the share", async () => {
    const { calls, announcer } = recorder({
      open: () => {
        throw new Error("blocked");
      },
    });
    expect(await announceShare(url, announcer)).toBe(true);
    expect(calls).toEqual([`copy ${url}`, "log share link not opened"]);
  });
});

describe("fieldErrors", () => {
  const dictionary: Record<string, string> = { "validation.assistantNameRequired": "請輸入助理名稱", "validation.rolePromptTooLong": "角色設定最多 4000 個字元" };
  const translate = (key: string) => dictionary[key];

  it("translates keys, keeps the first message per field, and reads both path shapes", () => {
    const errors = fieldErrors(
      [
        { path: ["name"], message: "validation.assistantNameRequired" },
        { path: ["name"], message: "validation.assistantNameTooLong" },
        { path: "rolePrompt", message: "validation.rolePromptTooLong" },
      ],
      translate,
      {},
      "輸入的資料不正確",
    );
    expect(errors).toEqual({ name: "請輸入助理名稱", rolePrompt: "角色設定最多 4000 個字元" });
  });

  it("shows the field's own fallback, else the generic text, for messages that are not keys", () => {
    const errors = fieldErrors(
      [
        { path: "pinnedAnnouncement", message: "Too big: expected string to have <=2000 characters" },
        { path: "accessMode", message: "Invalid option" },
        { path: [], message: "Unrecognized key" },
      ],
      translate,
      { pinnedAnnouncement: "置頂公告最多 2000 個字元" },
      "輸入的資料不正確",
    );
    expect(errors).toEqual({ pinnedAnnouncement: "置頂公告最多 2000 個字元", accessMode: "輸入的資料不正確", form: "輸入的資料不正確" });
  });
});

describe("validationIssues", () => {
  it("reads the details of the server's validation body and ignores anything else", () => {
    const body = { error: { code: "validation", message: "輸入的資料不正確", details: [{ path: "name", code: "too_small", message: "validation.assistantNameRequired" }, { bogus: true }] } };
    expect(validationIssues(body)).toEqual([{ path: "name", code: "too_small", message: "validation.assistantNameRequired" }]);
    expect(validationIssues({ error: { code: "internal", message: "x" } })).toBeUndefined();
    // The flat form is not an error body the server sends.
    expect(validationIssues({ code: "validation", details: [{ path: "name", message: "x" }] })).toBeUndefined();
    expect(validationIssues("500: oops")).toBeUndefined();
    expect(validationIssues({ error: { details: [] } })).toBeUndefined();
  });
});
