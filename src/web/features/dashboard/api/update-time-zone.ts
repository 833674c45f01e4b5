import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TUpdateTimeZoneRequest, TUpdateTimeZoneResponse } from "../../../../shared/companies";

/** The owner moves the company to another time zone; every figure by day or month follows. */
export const updateTimeZone = (body: TUpdateTimeZoneRequest) =>
  apiFetch<TUpdateTimeZoneResponse>("/api/company/time-zone", { method: "PUT", json: body });
export const useUpdateTimeZone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    // Days, charts, sparklines and run filters all change: read everything again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
