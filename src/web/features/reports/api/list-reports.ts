import { useQuery } from "@tanstack/react-query";
import { reportsOps } from "../../../../shared/operations/reports";
import { call } from "../../../lib/api";
import { reportsKeys } from "./query-keys";

/** The months with a report: the member's company's (companyId null), or a client's for staff. */
export const listReports = (companyId: string | null, signal?: AbortSignal) =>
  companyId === null
    ? call(reportsOps.listReports, { signal })
    : call(reportsOps.listClientReports, { params: { id: companyId }, signal });

export const useReports = (companyId: string | null) =>
  useQuery({ queryKey: reportsKeys.months(companyId), queryFn: ({ signal }) => listReports(companyId, signal) });
