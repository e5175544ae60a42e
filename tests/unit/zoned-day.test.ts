import { describe, expect, it } from "vitest";
import { addDays, endOfDay, isCalendarDay, lastDayBefore, startOfDay } from "@/lib/zoned-day";

describe("lib/zoned-day", () => {
  it("accepts only real calendar days", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-1-01")).toBe(false);
    expect(isCalendarDay("yesterday")).toBe(false);
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("starts a Taipei day at 16:00 UTC the day before", () => {
    expect(startOfDay("2026-05-01").toISOString()).toBe("2026-04-30T16:00:00.000Z");
    expect(endOfDay("2026-05-01").toISOString()).toBe("2026-05-01T16:00:00.000Z");
  });

  it("follows a zone's daylight-saving change", () => {
    // New York moves to UTC-4 on 2026-03-08: that day starts at 05:00 UTC, the next at 04:00 UTC.
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("names the last day an end instant covers", () => {
    expect(lastDayBefore(endOfDay("2026-05-01"))).toBe("2026-05-01");
    expect(lastDayBefore(new Date("2026-05-01T16:00:00.001Z"))).toBe("2026-05-02");
  });
});
