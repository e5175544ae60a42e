import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/fetcher";

describe("ApiError.detailMessages", () => {
  it("lists the message of each rule a refusal names, whatever else the details hold", () => {
    const body = { error: { code: "validation", message: "輸入資料有誤", details: [{ path: "content", message: "validation.chatMessageTooLong" }, null, { path: "x" }, { message: 3 }] } };
    expect(new ApiError(400, body, "").detailMessages).toEqual(["validation.chatMessageTooLong"]);
  });

  it("is empty when the body names no rules", () => {
    expect(new ApiError(500, { error: { message: "boom" } }, "").detailMessages).toEqual([]);
    expect(new ApiError(400, { error: { details: "not a list" } }, "").detailMessages).toEqual([]);
    expect(new ApiError(502, null, "").detailMessages).toEqual([]);
  });
});
