import { useQuery } from "@tanstack/react-query";
import { operationUrl } from "../../../../shared/api-operation";
import { reportsOps } from "../../../../shared/operations/reports";
import { call } from "../../../lib/api";
import { reportsKeys } from "./query-keys";

/** Where a month's PDF is downloaded: the member's company's (companyId null), or a client's for staff. */
export const reportPdfUrl = (companyId: string | null, month: string) =>
  companyId === null
    ? operationUrl(reportsOps.downloadReportPdf, { month })
    : operationUrl(reportsOps.downloadClientReportPdf, { id: companyId, month });

export const getReport = (companyId: string | null, month: string, signal?: AbortSignal) =>
  companyId === null
    ? call(reportsOps.getReport, { params: { month }, signal })
    : call(reportsOps.getClientReport, { params: { id: companyId, month }, signal });

export const useReport = (companyId: string | null, month: string | null) =>
  useQuery({
    queryKey: reportsKeys.report(companyId, month ?? ""),
    queryFn: ({ signal }) => getReport(companyId, month!, signal),
    enabled: month !== null,
  });
