import { operations } from "../api-operation";
import type { ReportsSchemas } from "../reports";

export const reportsOps = operations<ReportsSchemas>()({
  listReports: "GET /api/reports",
  getReport: "GET /api/reports/{month}",
  downloadReportPdf: "GET /api/reports/{month}/pdf",
  listClientReports: "GET /api/staff/companies/{id}/reports",
  getClientReport: "GET /api/staff/companies/{id}/reports/{month}",
  downloadClientReportPdf: "GET /api/staff/companies/{id}/reports/{month}/pdf",
  saveReportNote: "PUT /api/staff/companies/{id}/reports/{month}/note",
  sendReport: "POST /api/staff/companies/{id}/reports/{month}/send",
});
