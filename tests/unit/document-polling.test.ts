import { describe, expect, it } from "vitest";
import {
  checksExhausted,
  failedCheckDelay,
  listRefreshDue,
  processingCheckDelay,
  progressEstimate,
  showsProgress,
} from "@/lib/document-polling";
import { formatBytes, formatImageSize } from "@/lib/format-bytes";

// How the file library follows an upload until it is processed (docs/rules/documents.md#following-an-upload).
describe("processing checks after an upload", () => {
  it("waits 1 s before each of the first 5 checks, 2 s up to the 10th, then 3 s", () => {
    const delays = Array.from({ length: 25 }, (_, i) => processingCheckDelay(i + 1));
    expect(delays.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(delays.slice(5, 10)).toEqual([2000, 2000, 2000, 2000, 2000]);
    expect(new Set(delays.slice(10))).toEqual(new Set([3000]));
  });

  it("after a failed check waits 2 s × 1.5^attempt, the exponent capped at 6, at most 10 s", () => {
    expect(failedCheckDelay(0)).toBe(2000);
    expect(failedCheckDelay(1)).toBe(3000);
    expect(failedCheckDelay(2)).toBe(4500);
    expect(failedCheckDelay(3)).toBe(6750);
    expect(failedCheckDelay(4)).toBe(10_000); // 10 125 ms capped
    expect(failedCheckDelay(6)).toBe(10_000);
    expect(failedCheckDelay(50)).toBe(10_000);
  });

  it("estimates 4 % progress per check, capped at 90, shown every 5th check", () => {
    expect(progressEstimate(1)).toBe(4);
    expect(progressEstimate(10)).toBe(40);
    expect(progressEstimate(22)).toBe(88);
    expect(progressEstimate(23)).toBe(90);
    expect(progressEstimate(25)).toBe(90);
    expect([1, 4, 5, 6, 10, 15, 24, 25].map(showsProgress)).toEqual([false, false, true, false, true, true, false, true]);
  });

  it("stops after 25 checks (then says processing is taking longer)", () => {
    expect(checksExhausted(24)).toBe(false);
    expect(checksExhausted(25)).toBe(true);
  });
});

describe("document list refresh", () => {
  it("refreshes only while something is processing, and never within 5 s of the last refresh", () => {
    expect(listRefreshDue(false, 0, 60_000)).toBe(false);
    expect(listRefreshDue(true, 10_000, 14_999)).toBe(false);
    expect(listRefreshDue(true, 10_000, 15_000)).toBe(true);
  });
});

describe("formatBytes", () => {
  it("shows sizes the way the library lists them", () => {
    expect(formatBytes(631, "zh-TW")).toBe("631 B");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(55 * 1024, "en")).toBe("55 KB");
    expect(formatBytes(29.4 * 1024 * 1024, "en")).toBe("29 MB");
  });
});

describe("formatImageSize", () => {
  it("shows KB under 1 MB (never 0.00 MB) and MB from 1 MB up", () => {
    expect(formatImageSize(70)).toBe("1 KB");
    expect(formatImageSize(2_100)).toBe("2 KB");
    expect(formatImageSize(1024 * 1024 - 1)).toBe("1024 KB");
    expect(formatImageSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatImageSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
  });
});
