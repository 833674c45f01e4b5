import { useMutation } from "@tanstack/react-query";
import type { TReportProblemRequest } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export interface ProblemReportReceipt {
  id: string;
  createdAt: string;
  message: string;
}

export const reportProblem = (automationId: string, body: TReportProblemRequest) =>
  apiFetch<ProblemReportReceipt>(`/api/automations/${encodeURIComponent(automationId)}/problem-reports`, { json: body });
export const useReportProblem = (automationId: string) => useMutation({ mutationFn: (body: TReportProblemRequest) => reportProblem(automationId, body) });
