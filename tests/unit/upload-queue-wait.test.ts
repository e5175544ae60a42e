import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/fetcher";
import { queueWaitSeconds, uploadWhenQueueHasRoom } from "@/lib/upload-queue-wait";

const queueFull = (seconds = 30) =>
  new ApiError(429, { error: { code: "rate_limited", message: "busy", details: { reason: "ingest_queue_full_owner", limit: 100, retryAfterSeconds: seconds } } }, "busy");

/** A clock that moves only when the code under test sleeps. */
function fakeTime() {
  let t = 0;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept };
}

describe("an upload refused because the processing queue is full", () => {
  it("is recognised by its reason, and only then", () => {
    expect(queueWaitSeconds(queueFull(12))).toBe(12);
    expect(queueWaitSeconds(new ApiError(429, { error: { code: "rate_limited", details: { reason: "uploads_per_minute" } } }, "x"))).toBeNull();
    expect(queueWaitSeconds(new ApiError(413, {}, "too large"))).toBeNull();
    expect(queueWaitSeconds(new Error("network"))).toBeNull();
  });

  it("is sent again after the wait the server asked for, until it goes through, saying when it waits", async () => {
    const time = fakeTime();
    const answers: (Error | string)[] = [queueFull(30), queueFull(30), "document"];
    const waits: (number | null)[] = [];
    const result = await uploadWhenQueueHasRoom(
      async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      { ...time, onWait: (s) => waits.push(s) },
    );
    expect(result).toBe("document");
    expect(time.slept).toEqual([30_000, 30_000]);
    expect(waits).toEqual([30, null, 30, null]);
  });

  it("gives up past the longest wait, and never retries another failure", async () => {
    const time = fakeTime();
    let attempts = 0;
    await expect(
      uploadWhenQueueHasRoom(
        async () => {
          attempts++;
          throw queueFull(60);
        },
        { ...time, maxWaitMs: 5 * 60_000 },
      ),
    ).rejects.toMatchObject({ status: 429 });
    expect(attempts).toBe(6);
    const other = new ApiError(413, {}, "too large");
    let tries = 0;
    await expect(uploadWhenQueueHasRoom(async () => (tries++, Promise.reject(other)), time)).rejects.toBe(other);
    expect(tries).toBe(1);
  });
});
