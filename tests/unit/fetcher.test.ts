import { afterEach, describe, expect, it, vi } from "vitest";
import { ERROR_STATUS, isErrorCode } from "@/lib/errors";
import { ApiError, isSignedOut, listOrEmptyWhenSignedOut, optionalAuthFetcher } from "@/lib/fetcher";

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

describe("signed out", () => {
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(body === undefined ? "" : JSON.stringify(body), { status }));
  afterEach(() => vi.unstubAllGlobals());

  it("a list is empty when the server answers with the unauthorized code, or a bare 401 with no error body", async () => {
    vi.stubGlobal("fetch", answer(401, { error: { code: "unauthorized", message: "Unauthorized" } }));
    await expect(listOrEmptyWhenSignedOut("/api/documents")).resolves.toEqual([]);
    vi.stubGlobal("fetch", answer(401, undefined));
    await expect(listOrEmptyWhenSignedOut("/api/documents")).resolves.toEqual([]);
    vi.stubGlobal("fetch", answer(401, { error: { code: "unauthorized", message: "Unauthorized" } }));
    await expect(optionalAuthFetcher("/api/user")).resolves.toBeNull();
  });

  it("decides on the code, never on the translated text", async () => {
    // The zh-TW word for "unauthorized" inside another refusal is not a sign-out.
    vi.stubGlobal("fetch", answer(403, { error: { code: "forbidden", message: "未授權的操作" } }));
    await expect(listOrEmptyWhenSignedOut("/api/documents")).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect(isSignedOut(new ApiError(500, { error: { code: "internal", message: "未授權" } }, ""))).toBe(false);
    expect(isSignedOut(new ApiError(401, { error: { code: "unauthorized", message: "請先登入" } }, ""))).toBe(true);
  });
});

describe("error bodies", () => {
  it("reads the code of an error body, whatever else it holds", () => {
    expect(isErrorCode({ error: { code: "rate_limited", message: "稍後再試" } }, "rate_limited")).toBe(true);
    expect(isErrorCode({ requireAuth: true, error: { code: "unauthorized", message: "x" } }, "unauthorized")).toBe(true);
    expect(isErrorCode({ error: { code: "forbidden" } }, "unauthorized")).toBe(false);
    expect(isErrorCode("<html>502</html>", "internal")).toBe(false);
    expect(isErrorCode(null, "internal")).toBe(false);
  });

  it("each code has the status the server answers with", () => {
    expect(ERROR_STATUS.unauthorized).toBe(401);
    expect(ERROR_STATUS.rate_limited).toBe(429);
    expect(new ApiError(409, { error: { code: "conflict", message: "taken" } }, "").hasCode("conflict")).toBe(true);
  });
});
