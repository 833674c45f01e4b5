import type { TMonthlyReport } from "./reports";

/* The monthly report's words and number formats, shared by its page, its PDF and its mail
   (zod-free, so that screens load none). */

/** "October 2026" from "2026-10". */
export function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "14 Oct" from "2026-10-14". */
export const shortDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/** "12.5 h" from minutes. */
export const formatHours = (minutes: number) =>
  `${(minutes / 60).toLocaleString("en", { maximumFractionDigits: 1 })} h`;

/** "97.3 %" from a rate between 0 and 1; a dash when there is none. */
export const formatRate = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)} %`);

/** "2 h 15 min", "3 d 4 h", "45 min" from minutes. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 24 * 60) {
    const rest = Math.round(minutes % 60);
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const hours = Math.round((minutes % (24 * 60)) / 60);
  return `${Math.floor(minutes / (24 * 60))} d${hours ? ` ${hours} h` : ""}`;
}

/** "3.2×" return on the fees. */
export const formatReturn = (ratio: number | null) =>
  ratio === null ? "—" : `${ratio.toLocaleString("en", { maximumFractionDigits: 1 })}×`;

/** A change against the month before, in words: "+12 (from 40)". */
export function versusBefore(now: number, before: number): string {
  const delta = now - before;
  return `${delta > 0 ? "+" : ""}${delta.toLocaleString("en")} (from ${before.toLocaleString("en")})`;
}

export const INCIDENT_KIND_LABELS = { failing: "Failing", stale: "No runs (stale)" } as const;

/** What the reader must know before reading the figures: the month is not over, partial, unvalued, empty. */
export function honestNotices(report: TMonthlyReport): string[] {
  return [
    report.complete
      ? ""
      : `${monthName(report.month)} is not over: these are its figures up to ${shortDay(report.to)}.`,
    report.partialSince
      ? `A partial month: ${report.company.name} became a client on ${shortDay(report.partialSince)}.`
      : "",
    report.hourlyValueMinor === null
      ? "No hourly value is set for your team's time, so the report shows the hours saved without their money value."
      : "",
    report.hasRuns ? "" : "No automation reported a run in this period: there are no results to report yet.",
  ].filter(Boolean);
}
