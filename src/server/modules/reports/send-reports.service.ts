import { and, eq, gt, lt, notExists, or, sql } from "drizzle-orm";
import { companyStatusAt } from "../../db/company-status";
import { user } from "../../db/schema/auth";
import { company, companyMember } from "../../db/schema/companies";
import { notificationPreference } from "../../db/schema/notifications";
import { monthlyReportSending } from "../../db/schema/reports";
import { monthlyReport } from "./monthly-report.service";
import { reportDue, LAST_CATCH_UP_DAY } from "./report-due";
import { monthlyReportMail } from "./report-mail";
import { renderReportPdf } from "./report-pdf";
import type { ServiceContext } from "../../context/service-context";

/** Companies looked at per query; a pass goes on until none is left. */
const CHUNK = 50;

/**
 * Mails last month's reports that are due at the context's `now` (each company on its first
 * working day from 08:00, its own time zone): for each company without a `monthly_report_sending`
 * row for that month, one transaction inserts the row (the claim: its primary key admits one per
 * company and month, whichever instance gets there first) and writes one mail, with the PDF, per
 * member and staff account that wants it. A failure rolls the claim back with the mails, so the
 * next pass tries again. Returns how many companies' reports were written.
 */
export async function sendDueReports(ctx: ServiceContext): Promise<number> {
  const local = sql`(${ctx.now.toISOString()}::timestamptz at time zone ${company.timeZone})`;
  const thisMonth = sql`date_trunc('month', ${local})`;
  let sent = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  let failure: unknown;
  for (;;) {
    const candidates = await ctx.db
      .select({ id: company.id, timeZone: company.timeZone })
      .from(company)
      .where(
        and(
          gt(company.id, after),
          sql`${companyStatusAt(ctx.now)} <> 'churned'`,
          // The first days of the month, local time (reportDue below has the last word).
          sql`extract(day from ${local}) <= ${LAST_CATCH_UP_DAY}`,
          // A company that was not a client last month has nothing to report.
          lt(company.createdAt, sql`(${thisMonth} at time zone ${company.timeZone})`),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(monthlyReportSending)
              .where(
                and(
                  eq(monthlyReportSending.companyId, company.id),
                  sql`${monthlyReportSending.month} = (${thisMonth} - interval '1 month')::date`,
                ),
              ),
          ),
        ),
      )
      .orderBy(company.id)
      .limit(CHUNK);
    if (candidates.length === 0) break;
    for (const candidate of candidates) {
      after = candidate.id;
      const month = reportDue(ctx.now, candidate.timeZone);
      if (!month) continue;
      const written = await sendReport(ctx, { companyId: candidate.id, month }).catch((error: unknown) => {
        failure ??= error;
        return false;
      });
      if (written) sent += 1;
    }
  }
  // Nothing of a failed company was kept: the next pass tries it again, and the job logs why.
  if (failure) throw failure;
  return sent;
}

/** One company's report, claimed and mailed in one transaction; false when another instance had it. */
async function sendReport(ctx: ServiceContext, { companyId, month }: { companyId: string; month: string }) {
  return ctx.transaction(async (tx) => {
    const readers = await reportReaders(tx, companyId);
    const claimed = await tx.db
      .insert(monthlyReportSending)
      .values({ companyId, month: `${month}-01`, recipients: readers.length, sentAt: tx.now })
      .onConflictDoNothing()
      .returning({ companyId: monthlyReportSending.companyId });
    if (claimed.length === 0 || readers.length === 0) return claimed.length > 0;
    const report = await monthlyReport(tx.with({ scope: { all: true } }), { companyId, month });
    const pdf = await renderReportPdf(report);
    const { links } = tx.app;
    for (const reader of readers) {
      const reportUrl = reader.isStaff
        ? `${links.appUrl}/clients/${companyId}?tab=reports&month=${month}`
        : `${links.appUrl}/reports/${month}`;
      const unsubscribe = links.unsubscribe(reader.userId, "report");
      await tx.outbox.enqueue(
        reader.email,
        monthlyReportMail({ report, pdf, reportUrl, unsubscribe, forStaff: reader.isStaff }),
      );
    }
    return true;
  });
}

/** The company's members and the agency's staff who want the monthly report (no preferences row: they do). */
async function reportReaders(tx: ServiceContext, companyId: string) {
  const rows = await tx.db
    .selectDistinct({ userId: user.id, email: user.email, isStaff: sql<boolean>`${user.role} = 'admin'` })
    .from(user)
    .leftJoin(companyMember, and(eq(companyMember.userId, user.id), eq(companyMember.companyId, companyId)))
    .leftJoin(notificationPreference, eq(notificationPreference.userId, user.id))
    .where(
      and(
        or(eq(user.role, "admin"), eq(companyMember.companyId, companyId)),
        sql`coalesce(${notificationPreference.monthlyReport}, true)`,
      ),
    );
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}
