import { and, eq } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { monthlyReportNote } from "../../db/schema/reports";
import { audit } from "../audit";
import { monthlyReport } from "./monthly-report.service";
import { reportMonth } from "./report-month";
import type { TMonthlyReport } from "../../../shared/reports";
import type { ActorContext } from "../../context/service-context";

/**
 * Staff write (or, with an empty text, remove) their note for a company's month, "What we did this
 * month", with its audit entry; the report as it now reads is the answer.
 */
export async function saveReportNote(
  ctx: ActorContext,
  input: { companyId: string; month: string; body: string },
): Promise<TMonthlyReport> {
  await ctx.transaction(async (tx) => {
    const company = await lockClientCompany(tx.db, input.companyId);
    // A month without a report has no note either (the same 404 as reading it).
    const m = reportMonth({
      month: input.month,
      timeZone: company.timeZone,
      createdAt: company.createdAt,
      now: tx.now,
    });
    const key = and(eq(monthlyReportNote.companyId, company.id), eq(monthlyReportNote.month, m.first));
    const [before] = await tx.db.select({ body: monthlyReportNote.body }).from(monthlyReportNote).where(key);
    if (input.body === "") await tx.db.delete(monthlyReportNote).where(key);
    else
      await tx.db
        .insert(monthlyReportNote)
        .values({ companyId: company.id, month: m.first, body: input.body, updatedBy: tx.actor.id, updatedAt: tx.now })
        .onConflictDoUpdate({
          target: [monthlyReportNote.companyId, monthlyReportNote.month],
          set: { body: input.body, updatedBy: tx.actor.id, updatedAt: tx.now },
        });
    await audit(tx, {
      action: input.body === "" ? "report_note.removed" : "report_note.saved",
      companyId: company.id,
      objectType: "monthly_report",
      objectId: null,
      summary: `${input.body === "" ? "Removed" : "Wrote"} the note of ${company.name}'s report for ${input.month}`,
      before: before ? { note: before.body } : undefined,
      after: input.body === "" ? undefined : { note: input.body },
    });
  });
  return monthlyReport(ctx, { companyId: input.companyId, month: input.month });
}
