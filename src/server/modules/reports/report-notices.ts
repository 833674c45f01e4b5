import { monthName, shortDay } from "../../../shared/reports-labels";
import type { TMonthlyReport } from "../../../shared/reports";

/** What the reader must know before reading the figures: the month is not over, partial, unvalued, empty. */
export function honestNotices(report: TMonthlyReport): string[] {
  return [
    report.complete
      ? ""
      : `${monthName(report.month)} is not over: these are its figures up to ${shortDay(report.to)}.`,
    report.partialSince
      ? `A partial month: ${report.company.name} became a client on ${shortDay(report.partialSince)}, so the report starts then.`
      : "",
    report.hourlyValueMinor === null
      ? "No hourly value is set for your team's time, so the report shows the hours saved without their money value."
      : "",
    report.hasRuns ? "" : "No automation reported a run in this period: there are no results to report yet.",
  ].filter(Boolean);
}
