import { describe, expect, it } from "vitest";
import { calendarDay, streak } from "@/lib/checkin-streak";

describe("calendarDay", () => {
  it("formats a day as YYYY-MM-DD in Taipei time by default", () => {
    // 2024-03-10 16:30 UTC is already 2024-03-11 00:30 in Taipei (UTC+8).
    expect(calendarDay(new Date("2024-03-10T16:30:00Z"))).toBe("2024-03-11");
    expect(calendarDay(new Date("2024-03-10T15:59:59Z"))).toBe("2024-03-10");
  });

  it("uses the time zone it is given", () => {
    const instant = new Date("2024-03-10T16:30:00Z");
    expect(calendarDay(instant, "UTC")).toBe("2024-03-10");
    expect(calendarDay(instant, "America/Los_Angeles")).toBe("2024-03-10");
    expect(calendarDay(instant, "Pacific/Kiritimati")).toBe("2024-03-11");
  });

  it("pads months and days", () => {
    expect(calendarDay(new Date("2024-01-05T00:00:00Z"), "UTC")).toBe("2024-01-05");
    expect(calendarDay(new Date("2024-01-05T00:00:00Z"))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("streak", () => {
  const today = "2024-03-11";

  it("is 0 with no check-ins", () => {
    expect(streak([], today)).toBe(0);
  });

  it("is 1 with only today", () => {
    expect(streak([today], today)).toBe(1);
  });

  it("counts consecutive days ending today", () => {
    expect(streak(["2024-03-11", "2024-03-10", "2024-03-09"], today)).toBe(3);
  });

  it("still counts a run ending yesterday when today has no check-in yet", () => {
    expect(streak(["2024-03-10", "2024-03-09"], today)).toBe(2);
  });

  it("is 0 when the last check-in was two or more days ago", () => {
    expect(streak(["2024-03-09", "2024-03-08"], today)).toBe(0);
  });

  it("stops at the first gap", () => {
    expect(streak(["2024-03-11", "2024-03-10", "2024-03-08", "2024-03-07"], today)).toBe(2);
  });

  it("ignores order and duplicates", () => {
    expect(streak(["2024-03-09", "2024-03-11", "2024-03-10", "2024-03-10"], today)).toBe(3);
  });

  it("ignores days after today", () => {
    expect(streak(["2024-03-12", "2024-03-13"], today)).toBe(0);
    expect(streak(["2024-03-12", "2024-03-11"], today)).toBe(1);
  });

  it("crosses month, year and leap-day boundaries", () => {
    expect(streak(["2024-03-01", "2024-02-29", "2024-02-28"], "2024-03-01")).toBe(3);
    expect(streak(["2023-03-01", "2023-02-28"], "2023-03-01")).toBe(2);
    expect(streak(["2024-01-01", "2023-12-31", "2023-12-30"], "2024-01-01")).toBe(3);
  });

  it("is not confused by daylight-saving dates in other zones", () => {
    // US DST began 2024-03-10; the day arithmetic is done in UTC, so no day is skipped or doubled.
    expect(streak(["2024-03-11", "2024-03-10", "2024-03-09"], "2024-03-11")).toBe(3);
    expect(streak(["2024-11-04", "2024-11-03", "2024-11-02"], "2024-11-04")).toBe(3);
  });

  it("handles a long run", () => {
    const days: string[] = [];
    const d = new Date("2024-12-31T00:00:00Z");
    for (let i = 0; i < 400; i++) {
      days.push(d.toISOString().slice(0, 10));
      d.setUTCDate(d.getUTCDate() - 1);
    }
    expect(streak(days, "2024-12-31")).toBe(400);
  });
});
