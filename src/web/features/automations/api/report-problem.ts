import { useMutation, useQueryClient } from "@tanstack/react-query";
import { automationsOps } from "../../../../shared/operations/automations";
import { call } from "../../../lib/api";
import type { TReportProblemRequest } from "../../../../shared/automations";

/** A support ticket about an automation or one of its runs; the answer carries the ticket's id. */
export const reportProblem = (automationId: string, body: TReportProblemRequest) =>
  call(automationsOps.reportProblem, { params: { id: automationId }, body });
export function useReportProblem(automationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportProblemRequest) => reportProblem(automationId, body),
    // The report is a support ticket: the support screens' lists (their keys start with "tickets") are out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tickets"] }),
  });
}
