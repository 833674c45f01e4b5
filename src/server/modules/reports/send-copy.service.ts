import { audit } from "../audit";
import { monthlyReport } from "./monthly-report.service";
import { reportCopyMail } from "./report-mail";
import { renderReportPdf } from "./report-pdf";
import type { ActorContext } from "../../context/service-context";

/**
 * Staff send a company's report for a month, with its PDF, to one address by hand (again, or to
 * someone outside the portal); the mail and its audit entry are written together.
 */
export async function sendReportCopy(ctx: ActorContext, input: { companyId: string; month: string; email: string }) {
  const report = await monthlyReport(ctx, { companyId: input.companyId, month: input.month });
  const pdf = await renderReportPdf(report);
  await ctx.transaction(async (tx) => {
    const reportUrl = `${tx.app.links.appUrl}/reports/${input.month}`;
    await tx.outbox.enqueue(input.email, reportCopyMail({ report, pdf, reportUrl }));
    await audit(tx, {
      action: "monthly_report.sent",
      companyId: input.companyId,
      objectType: "monthly_report",
      summary: `Sent ${report.company.name}'s report for ${input.month} to ${input.email}`,
      after: { month: input.month, to: input.email },
    });
  });
  return { sentTo: input.email };
}
