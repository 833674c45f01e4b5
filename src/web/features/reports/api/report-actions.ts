import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reportsOps } from "../../../../shared/operations/reports";
import { call } from "../../../lib/api";
import { reportsKeys } from "./query-keys";

/** Staff write (or, empty, remove) their note for a client's month. */
export function useSaveReportNote(companyId: string, month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(reportsOps.saveReportNote, { params: { id: companyId, month }, body: { body } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(reportsKeys.report(companyId, month), answer);
      return queryClient.invalidateQueries({ queryKey: reportsKeys.months(companyId) });
    },
  });
}

/** Staff mail a client's month, with its PDF, to one address. */
export const useSendReportCopy = (companyId: string, month: string) =>
  useMutation({
    mutationFn: (email: string) => call(reportsOps.sendReport, { params: { id: companyId, month }, body: { email } }),
  });
