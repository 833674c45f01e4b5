// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  count,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatRate,
  formatTime,
  hours,
  hydrated,
  hydratingAt,
  money,
  plural,
  relativeTime,
  renderingAs,
} from "./format";

const AT = "2026-11-23T00:18:07Z";
const NOW = Date.parse("2026-11-23T12:00:00Z");

afterEach(() => vi.unstubAllGlobals());

/** One style per kind, in the locale given (the browser's when none is). */
describe("date formats", () => {
  it("date: day, short month and year, the same for instants and rollup days", () => {
    expect(formatDate(AT, "en-GB")).toBe("23 Nov 2026");
    expect(formatDate(AT, "en-US")).toBe("Nov 23, 2026");
    expect(formatDate(AT, "de-DE")).toBe("23. Nov. 2026");
    expect(formatDate("2026-11-20", "en-GB")).toBe("20 Nov 2026");
    expect(formatDateRange("2026-10-01", "2026-10-23", "en-GB")).toMatch(/^1\s?–\s?23 Oct 2026$/);
  });

  it("date-time: the date style, then the time in UTC (seconds for event logs)", () => {
    expect(formatDateTime(AT, { locale: "en-GB" })).toBe("23 Nov 2026, 00:18 UTC");
    expect(formatDateTime(AT, { locale: "en-US" })).toBe("Nov 23, 2026, 12:18 AM UTC");
    expect(formatDateTime(AT, { locale: "en-GB", seconds: true })).toBe("23 Nov 2026, 00:18:07 UTC");
    expect(formatTime(AT, "en-GB")).toBe("00:18 UTC");
  });

  it("relative: words up to a month, then the date style", () => {
    expect(relativeTime("2026-11-23T11:59:30Z", NOW)).toBe("just now");
    expect(relativeTime("2026-11-23T11:55:00Z", NOW)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-23T09:00:00Z", NOW)).toBe("3 hours ago");
    expect(relativeTime("2026-11-21T12:00:00Z", NOW)).toBe("2 days ago");
    expect(relativeTime("2026-09-01T12:00:00Z", NOW, "en-GB")).toBe("1 Sept 2026");
    expect(relativeTime(null, NOW)).toBe("never");
  });

  it("a text that is no date reads as such, and the screen still renders", () => {
    expect(formatDate("2026-01-01T00:00 Ltd", "en-GB")).toBe("Invalid Date");
    expect(formatDateTime("not a date", { locale: "en-GB" })).toBe("Invalid Date UTC");
  });

  it("follows the browser's locale when none is given", () => {
    vi.stubGlobal("navigator", { language: "en-GB", languages: ["en-GB", "en"] });
    expect(formatDate(AT)).toBe("23 Nov 2026");
    expect(formatDateTime(AT)).toBe("23 Nov 2026, 00:18 UTC");
    vi.stubGlobal("navigator", { language: "en-US", languages: ["en-US"] });
    expect(formatDate(AT)).toBe("Nov 23, 2026");
  });
});

/** Numbers read the same whatever the browser's locale, as the rest of the portal's English does. */
describe("number formats", () => {
  it("counts, hours, shares and money, each style kept apart", () => {
    expect(count(1234567)).toBe("1,234,567");
    expect(plural(1, "run")).toBe("1 run");
    expect(plural(1200, "run")).toBe("1,200 runs");
    expect(hours(90)).toBe("1.5 h");
    expect(hours(6030)).toBe("101 h");
    expect(formatRate(0.034)).toBe("3.4%");
    expect(formatRate(0.25)).toBe("25%");
    expect(money(123456, "EUR")).toBe("€1,235");
    expect(money(9950, "EUR")).toBe("€99.50");
    expect(money(9950, "USD")).toBe("$99.50");
    // The same options again after others: each reads its own formatter.
    expect(count(1000.5)).toBe("1,000.5");
  });
});

describe("relative times while a server-rendered page hydrates", () => {
  it("read from the instant the page was rendered at, then from the clock again", () => {
    const renderedAt = Date.now() - 5 * 60_000;
    const ranJustBefore = new Date(renderedAt - 20_000).toISOString();
    hydratingAt(renderedAt);
    expect(relativeTime(ranJustBefore)).toBe("just now");
    hydrated();
    expect(relativeTime(ranJustBefore)).toBe("5 minutes ago");
  });

  it("read from the render's own instant on the server", () => {
    const ranAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    expect(renderingAs({ now: Date.now() - 2 * 60 * 60_000 }, () => relativeTime(ranAt))).toBe("1 hour ago");
    expect(relativeTime(ranAt)).toBe("3 hours ago");
  });
});
