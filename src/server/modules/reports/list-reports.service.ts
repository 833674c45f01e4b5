import { eq } from "drizzle-orm";
import { dayOf } from "../../../shared/days";
import { requireCompany } from "../../context/company-scope";
import { monthlyReportNote, monthlyReportSending } from "../../db/schema/reports";
import { narrowedTo } from "./narrowed-to";
import { reportMonths } from "./report-month";
import type { TListReportsResponse } from "../../../shared/reports";
import type { ServiceContext } from "../../context/service-context";

/**
 * The months a company has a report for, newest first: the month in progress, then each month
 * back to the one it began in (partial), with whether it was mailed and has staff's note.
 */
export async function listReports(ctx: ServiceContext, input: { companyId: string }): Promise<TListReportsResponse> {
  narrowedTo(ctx, input.companyId);
  const company = await requireCompany(ctx.db, input.companyId);
  const months = reportMonths({ timeZone: company.timeZone, createdAt: company.createdAt, now: ctx.now });
  const notes = await ctx.db
    .select({ month: monthlyReportNote.month })
    .from(monthlyReportNote)
    .where(eq(monthlyReportNote.companyId, company.id));
  const sendings = await ctx.db
    .select({ month: monthlyReportSending.month, sentAt: monthlyReportSending.sentAt })
    .from(monthlyReportSending)
    .where(eq(monthlyReportSending.companyId, company.id));
  const noted = new Set(notes.map((row) => row.month.slice(0, 7)));
  const sent = new Map(sendings.map((row) => [row.month.slice(0, 7), row.sentAt.toISOString()]));
  const firstMonth = dayOf(company.createdAt, company.timeZone);
  return {
    company: { id: company.id, name: company.name, timeZone: company.timeZone },
    months: months.map((month, i) => ({
      month,
      complete: i > 0,
      partial: firstMonth.slice(0, 7) === month && !firstMonth.endsWith("-01"),
      sentAt: sent.get(month) ?? null,
      hasNote: noted.has(month),
    })),
  };
}
