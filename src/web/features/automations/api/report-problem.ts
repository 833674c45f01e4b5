import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TReportProblemResponse } from "../../../../shared/automation-responses";
import type { TReportProblemRequest } from "../../../../shared/automation-runs";

/** A support request about an automation or one of its runs; it changes nothing the client's screens show. */
export const reportProblem = (automationId: string, body: TReportProblemRequest) =>
  apiFetch<TReportProblemResponse>(`/api/automations/${encodeURIComponent(automationId)}/problem-reports`, {
    json: body,
  });
export const useReportProblem = (automationId: string) =>
  useMutation({ mutationFn: (body: TReportProblemRequest) => reportProblem(automationId, body) });
