import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { hoursOps } from "../../../../shared/operations/hours";
import { call } from "../../../lib/api";
import { hoursKeys } from "./query-keys";
import type { OperationInput } from "../../../../shared/api-operation";
import type { HoursSchemas } from "../../../../shared/hours";

/** Staff: every plan with its hours terms and the clients following them. */
export const usePlanHours = () =>
  useQuery({
    queryKey: hoursKeys.plans(),
    queryFn: ({ signal }) => call(hoursOps.listPlanHours, { signal }),
  });

type PlanHoursBody = OperationInput<HoursSchemas["setPlanHours"]>["body"];

/**
 * Staff set a plan's hours terms. Every hours figure may follow them (clients on the plan), and the
 * next invoices with them; the toast is said here because the saved terms remount the form.
 */
export function useSetPlanHours(planName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanHoursBody) => call(hoursOps.setPlanHours, { body }),
    onSuccess: async () => {
      toast.success(`The ${planName} plan's hours are saved.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hoursKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["billing"] }),
      ]);
    },
  });
}
