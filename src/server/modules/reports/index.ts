/** The monthly value report (issue 27): its endpoints, its figures and the monthly sending job's pass. */
export { reportsEndpoints, staffReportsEndpoints } from "./reports.routes";
export { monthlyReport } from "./monthly-report.service";
export { sendDueReports } from "./send-reports.service";
