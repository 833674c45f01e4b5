import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TUpdateHourlyValueRequest } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export const updateHourlyValue = (body: TUpdateHourlyValueRequest) => apiFetch<{ hourlyValueMinor: number }>("/api/company", { method: "PATCH", json: body });
export const useUpdateHourlyValue = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateHourlyValue, onSuccess: () => queryClient.invalidateQueries({ queryKey: ["dashboard"] }) });
};
