import { z } from "zod";
import { reportsOps } from "../../../shared/operations/reports";
import { reportsSchemas } from "../../../shared/reports";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { notFound } from "../../lib/app-error";
import { listReports } from "./list-reports.service";
import { monthlyReport } from "./monthly-report.service";
import { reportFileName } from "./report-mail";
import { renderReportPdf } from "./report-pdf";
import { saveReportNote } from "./save-note.service";
import { sendReportCopy } from "./send-copy.service";
import type { TMonthlyReport } from "../../../shared/reports";
import type { CompanyScope } from "../../context/company-scope";
import type { Context } from "hono";

const member = { access: "member", tag: "Reports" } as const;
const staff = { access: "staff", tag: "Staff: reports" } as const;
const MONTHS = "404 for a month before the company began or one that has not begun.";

const pdfResponse = {
  200: {
    description: "The PDF, sent as a download named monthly-report-2026-10.pdf.",
    content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
  },
};

const list = operationEndpoint({
  ...member,
  operation: reportsOps.listReports,
  schemas: reportsSchemas.listReports,
  summary: "The company's monthly reports, newest first (the month in progress first)",
  ok: "The months.",
});
const getOne = operationEndpoint({
  ...member,
  operation: reportsOps.getReport,
  schemas: reportsSchemas.getReport,
  summary: "The company's value report for a month, in its time zone",
  description: MONTHS,
  ok: "The report.",
});
const pdf = operationEndpoint({
  ...member,
  operation: reportsOps.downloadReportPdf,
  schemas: reportsSchemas.downloadReportPdf,
  summary: "The company's value report for a month as a PDF",
  description: MONTHS,
  ok: "The PDF.",
  responses: pdfResponse,
});
const staffList = operationEndpoint({
  ...staff,
  operation: reportsOps.listClientReports,
  schemas: reportsSchemas.listClientReports,
  summary: "A client's monthly reports, newest first",
  ok: "The months.",
});
const staffGet = operationEndpoint({
  ...staff,
  operation: reportsOps.getClientReport,
  schemas: reportsSchemas.getClientReport,
  summary: "A client's value report for a month",
  description: MONTHS,
  ok: "The report.",
});
const staffPdf = operationEndpoint({
  ...staff,
  operation: reportsOps.downloadClientReportPdf,
  schemas: reportsSchemas.downloadClientReportPdf,
  summary: "A client's value report for a month as a PDF",
  description: MONTHS,
  ok: "The PDF.",
  responses: pdfResponse,
});
const saveNote = operationEndpoint({
  ...staff,
  operation: reportsOps.saveReportNote,
  schemas: reportsSchemas.saveReportNote,
  summary: "Write staff's note for a client's month (“What we did this month”); an empty note removes it",
  description: `Shown on the page, the PDF and the mail. ${MONTHS}`,
  ok: "The report with its note.",
});
const sendCopy = operationEndpoint({
  ...staff,
  operation: reportsOps.sendReport,
  schemas: reportsSchemas.sendReport,
  summary: "Mail a client's report for a month, with its PDF, to one address",
  description: MONTHS,
  ok: "The address it was sent to.",
});

/** The company a member endpoint answers for: its own (or the one staff are viewing). */
function ownCompany(scope: CompanyScope): string {
  if (scope.all || !scope.companyId) throw notFound("Your account does not belong to a client company.");
  return scope.companyId;
}

async function pdfAnswer(c: Context, report: TMonthlyReport) {
  return c.body(new Uint8Array(await renderReportPdf(report)), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${reportFileName(report)}"`,
    "Cache-Control": "private, no-store",
  });
}

/** A client company's own reports. */
export function reportsEndpoints() {
  return [
    handle(list, async (c) => c.json(await listReports(contextOf(c), { companyId: ownCompany(c.get("scope")) }), 200)),
    handle(getOne, async (c) => {
      const input = { companyId: ownCompany(c.get("scope")), month: c.req.valid("param").month };
      return c.json({ report: await monthlyReport(contextOf(c), input) }, 200);
    }),
    handle(pdf, async (c) => {
      const input = { companyId: ownCompany(c.get("scope")), month: c.req.valid("param").month };
      return pdfAnswer(c, await monthlyReport(contextOf(c), input));
    }),
  ];
}

/** Staff: each client's reports, their note, and a copy by hand. */
export function staffReportsEndpoints() {
  return [
    handle(staffList, async (c) =>
      c.json(await listReports(contextOf(c), { companyId: c.req.valid("param").id }), 200),
    ),
    handle(staffGet, async (c) => {
      const { id, month } = c.req.valid("param");
      return c.json({ report: await monthlyReport(contextOf(c), { companyId: id, month }) }, 200);
    }),
    handle(staffPdf, async (c) => {
      const { id, month } = c.req.valid("param");
      return pdfAnswer(c, await monthlyReport(contextOf(c), { companyId: id, month }));
    }),
    handle(saveNote, async (c) => {
      const { id, month } = c.req.valid("param");
      const report = await saveReportNote(actorContextOf(c), { companyId: id, month, body: c.req.valid("json").body });
      return c.json({ report }, 200);
    }),
    handle(sendCopy, async (c) => {
      const { id, month } = c.req.valid("param");
      const sent = await sendReportCopy(actorContextOf(c), { companyId: id, month, ...c.req.valid("json") });
      return c.json(sent, 200);
    }),
  ];
}
