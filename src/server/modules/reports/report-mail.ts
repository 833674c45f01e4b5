/** The monthly report by email: its headline figures, staff's note, a link to the page, and the PDF. */
import { formatInvoiceMoney } from "../../../shared/billing-labels";
import { formatHours, formatRate, formatReturn, honestNotices, monthName } from "../../../shared/reports-labels";
import { personalMail, type UnsubscribeLinks } from "../../mail/alert-templates";
import { layout, type MailContent } from "../../mail/layout";

import type { TMonthlyReport } from "../../../shared/reports";

export interface ReportMailInput {
  report: TMonthlyReport;
  pdf: Buffer;
  reportUrl: string;
}

export const reportFileName = (report: TMonthlyReport) => `monthly-report-${report.month}.pdf`;

function content({ report, pdf, reportUrl }: ReportMailInput) {
  const money = (minor: number | null) => (minor === null ? "—" : formatInvoiceMoney(minor, report.company.currency));
  const s = report.support;
  const details: [string, string][] = report.hasRuns
    ? [
        ["Hours saved", formatHours(report.minutesSaved)],
        ...(report.moneySavedMinor === null
          ? []
          : [["Value of that time", money(report.moneySavedMinor)] as [string, string]]),
        ["Fees this month", money(report.feesMinor)],
        ...(report.returnRatio === null
          ? []
          : [["Return on fees", formatReturn(report.returnRatio)] as [string, string]]),
        ["Runs", `${report.runs.total.toLocaleString("en")} (success rate ${formatRate(report.runs.successRate)})`],
      ]
    : [["Fees this month", money(report.feesMinor)]];
  details.push(
    ["Incidents", report.incidents.length === 0 ? "None" : String(report.incidents.length)],
    ["Support", `${s.opened} opened, ${s.resolved} resolved`],
    ["Delivered", report.plan.delivered.map((i) => i.title).join("; ") || "Nothing new went live"],
  );
  if (report.note) details.push(["What we did this month", report.note.body]);
  const month = monthName(report.month);
  return {
    kind: "monthly-report",
    subject: `Your monthly report: ${report.company.name}, ${month}`,
    intro: [`Here is what the automations did for ${report.company.name} in ${month}.`, ...honestNotices(report)].join(
      " ",
    ),
    details,
    action: { label: "Open the report", url: reportUrl },
    outro: "The full report, with each automation, the incidents, support and the plan, is attached as a PDF.",
    attachment: {
      filename: reportFileName(report),
      contentType: "application/pdf",
      contentBase64: pdf.toString("base64"),
    },
  };
}

/** The scheduled mail: personal, with its one-click unsubscribe from the monthly report. */
export function monthlyReportMail(
  input: ReportMailInput & { unsubscribe: UnsubscribeLinks; forStaff: boolean },
): MailContent {
  const { attachment, ...mail } = content(input);
  const reason = input.forStaff
    ? `You get each client's monthly report as agency staff.`
    : `You get this report every month as a member of ${input.report.company.name}.`;
  return { ...personalMail(mail, input.unsubscribe, reason, "Stop the monthly report"), attachments: [attachment] };
}

/** Staff's copy sent by hand to one address: no subscription, so no unsubscribe link. */
export function reportCopyMail(input: ReportMailInput): MailContent {
  const { attachment, ...mail } = content(input);
  return { ...layout(mail), attachments: [attachment] };
}
