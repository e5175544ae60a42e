import { describe, expect, it } from "vitest";
import { durationParts, formatDuration } from "@/lib/email/format-eta";
import { pickCopy, readCopy } from "@/lib/email/draft-copy";
import { campaignDraftSchema } from "@/lib/schemas/email";
import { draftOf, formValues, isFormValues } from "@/components/email-admin/campaign-form";

describe("formatDuration", () => {
  it("keeps the units that matter", () => {
    expect(durationParts(0)).toEqual([{ unit: "second", value: 0 }]);
    expect(durationParts(42.2)).toEqual([{ unit: "second", value: 43 }]);
    expect(durationParts(61)).toEqual([{ unit: "minute", value: 2 }]);
    expect(durationParts(3_600)).toEqual([{ unit: "hour", value: 1 }]);
    expect(durationParts(3_600 * 2 + 60 * 5)).toEqual([{ unit: "hour", value: 2 }, { unit: "minute", value: 5 }]);
    expect(durationParts(3_600 + 3_590)).toEqual([{ unit: "hour", value: 2 }]);
  });

  it("speaks both languages", () => {
    expect(formatDuration(150, "en")).toBe("3 minutes");
    expect(formatDuration(7_500, "en")).toBe("2 hours 5 minutes");
    expect(formatDuration(150, "zh-TW")).toBe("3 分鐘");
    expect(formatDuration(7_500, "zh-TW")).toBe("2 小時 5 分鐘");
  });
});

describe("pickCopy", () => {
  const server = { value: { subject: "伺服器", days: "" }, updatedAt: "2030-01-01T00:00:00.000Z" };

  it("restores the browser's copy edited after the last save", () => {
    const local = { value: { subject: "瀏覽器", days: "abc" }, editedAt: Date.parse(server.updatedAt) + 1_000 };
    expect(pickCopy(server, local)).toEqual({ value: local.value, restored: true });
  });

  it("keeps the server's copy when the browser's is older or the same", () => {
    expect(pickCopy(server, { value: { subject: "舊的", days: "" }, editedAt: Date.parse(server.updatedAt) - 1 }).restored).toBe(false);
    expect(pickCopy(server, { value: server.value, editedAt: Date.parse(server.updatedAt) + 1 }).restored).toBe(false);
    expect(pickCopy(server, null)).toEqual({ value: server.value, restored: false });
  });

  it("ignores a copy it cannot read", () => {
    const isValue = (v: unknown): v is { subject: string } => typeof (v as { subject?: unknown })?.subject === "string";
    expect(readCopy("{broken", isValue)).toBeNull();
    expect(readCopy(JSON.stringify({ editedAt: "x", value: { subject: "a" } }), isValue)).toBeNull();
    expect(readCopy(JSON.stringify({ editedAt: 1, value: { subject: 2 } }), isValue)).toBeNull();
    expect(readCopy(JSON.stringify({ editedAt: 1, value: { subject: "a" } }), isValue)).toEqual({ editedAt: 1, value: { subject: "a" } });
    expect(readCopy(null, isValue)).toBeNull();
  });
});

describe("compose form values", () => {
  it("round-trip a draft, and keep a number that is not one as NaN for the schema to name", () => {
    const draft = { subject: "s", bodyMarkdown: "b", audience: { plan: "trial" as const, role: null, signedUpWithinDays: 7, inactiveForDays: null }, ratePerMinute: 0 };
    expect(draftOf(formValues(draft))).toEqual(draft);
    const typed = { ...formValues(draft), inactiveForDays: "abc", ratePerMinute: "" };
    expect(draftOf(typed).audience.inactiveForDays).toBeNaN();
    expect(draftOf(typed).ratePerMinute).toBeNaN();
    expect(campaignDraftSchema.safeParse(draftOf(typed)).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["audience.inactiveForDays", "email.validation.days"],
      ["ratePerMinute", "email.validation.rate"],
    ]);
    expect(isFormValues(typed)).toBe(true);
    expect(isFormValues({ ...typed, plan: "gold" })).toBe(false);
  });
});
