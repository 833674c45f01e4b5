import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { dashboardKeys } from "./query-keys";
import type { TUpdateHourlyValueRequest } from "../../../../shared/companies";

/** The owner sets what an hour of the company's staff time is worth; the dashboard's money figures follow. */
export const updateHourlyValue = (body: TUpdateHourlyValueRequest) => call(companiesOps.updateHourlyValue, { body });
export const useUpdateHourlyValue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHourlyValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
};
