import { describe, expect, it } from "vitest";
import type { VisitorShare } from "@/lib/server/present/api-types";
import { checkShareId, errorFromResponse, loadShare } from "@/lib/share-visitor/load-share";

const share: VisitorShare = { id: "1", name: "小幫手", shareId: "abc", accessMode: "open", isPublicMode: false, announcementEnabled: false, pinnedAnnouncement: null, isOwner: false };

const respond = (status: number, body: unknown): typeof fetch => (async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })) as typeof fetch;

describe("opening a shared assistant", () => {
  it("checks the id before asking: missing, then invalid", async () => {
    expect(checkShareId("")).toEqual({ kind: "missingId" });
    expect(checkShareId("  ")).toEqual({ kind: "missingId" });
    expect(checkShareId(undefined)).toEqual({ kind: "missingId" });
    expect(checkShareId("../admin")).toEqual({ kind: "invalidLink" });
    expect(checkShareId("a".repeat(101))).toEqual({ kind: "invalidLink" });
    expect(checkShareId("AbC-12_x")).toBeNull();
    let called = false;
    const result = await loadShare("bad id!", { timeoutMs: 1_000, fetchImpl: (async () => ((called = true), new Response())) as unknown as typeof fetch });
    expect(result).toEqual({ ok: false, error: { kind: "invalidLink" } });
    expect(called).toBe(false);
  });

  it("maps 404, 500, other statuses with and without a server message", () => {
    expect(errorFromResponse(404, { error: { code: "not_found", message: "x" } })).toEqual({ kind: "notFound" });
    expect(errorFromResponse(500, null)).toEqual({ kind: "serverBusy" });
    expect(errorFromResponse(429, { error: { code: "rate_limited", message: "請求過於頻繁" } })).toEqual({ kind: "other", status: 429, message: "請求過於頻繁" });
    expect(errorFromResponse(502, "<html>")).toEqual({ kind: "other", status: 502, message: null });
  });

  it("loads the share, and reports a time-out when the server does not answer in time", async () => {
    expect(await loadShare("abc", { timeoutMs: 1_000, fetchImpl: respond(200, share) })).toEqual({ ok: true, share });
    expect(await loadShare("abc", { timeoutMs: 1_000, fetchImpl: respond(404, { error: { code: "not_found", message: "no" } }) })).toEqual({ ok: false, error: { kind: "notFound" } });
    const hang = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))) as unknown as typeof fetch;
    expect(await loadShare("abc", { timeoutMs: 20, fetchImpl: hang })).toEqual({ ok: false, error: { kind: "timeout" } });
    expect(await loadShare("abc", { timeoutMs: 1_000, fetchImpl: respond(200, { unexpected: true }) })).toEqual({ ok: false, error: { kind: "other", status: 200, message: null } });
  });
});
