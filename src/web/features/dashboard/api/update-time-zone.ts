import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import type { TUpdateTimeZoneRequest } from "../../../../shared/companies";

/** The owner moves the company to another time zone; every figure by day or month follows. */
export const updateTimeZone = (body: TUpdateTimeZoneRequest) => call(companiesOps.updateTimeZone, { body });
export const useUpdateTimeZone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    // Days, charts, sparklines and run filters all change: read everything again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
