/** The monthly value report (issue 27): its endpoints, its figures and the monthly sending job's pass. */
export { monthlyReport } from "./monthly-report.service";
