import { useMutation, useQueryClient } from "@tanstack/react-query";
import { hoursOps } from "../../../../shared/operations/hours";
import { call } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { hoursKeys } from "./query-keys";
import type { OperationInput } from "../../../../shared/api-operation";
import type { HoursSchemas } from "../../../../shared/hours";

type DecideBody = OperationInput<HoursSchemas["decideExtraHours"]>["body"];
type EntryBody = OperationInput<HoursSchemas["createTimeEntry"]>["body"];
type StopBody = OperationInput<HoursSchemas["stopTimer"]>["body"];
type StartBody = OperationInput<HoursSchemas["startTimer"]>["body"];

/** Every hours figure on screen changes with an entry or a decision (and the next invoice with them). */
function useInvalidateHours() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hoursKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["billing"] }),
    ]);
}

/** The owner approves or declines the extra time awaiting approval. */
export function useDecideExtraHours() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (body: DecideBody) => call(hoursOps.decideExtraHours, { body }),
    onSuccess: invalidate,
  });
}

/** Staff log time for a client. */
export function useLogTime(companyId: string) {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (body: EntryBody) => call(hoursOps.createTimeEntry, { params: { id: companyId }, body }),
    onSuccess: invalidate,
  });
}

/** Staff delete an entry of a period not yet invoiced. */
export function useDeleteTimeEntry() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (entryId: string) => call(hoursOps.deleteTimeEntry, { params: { id: entryId } }),
    onSuccess: invalidate,
  });
}

export const getTimer = (signal?: AbortSignal) => call(hoursOps.getTimer, { signal });

export function useStartTimer() {
  const invalidate = useInvalidateHours();
  return useMutation({ mutationFn: (body: StartBody) => call(hoursOps.startTimer, { body }), onSuccess: invalidate });
}

export function useStopTimer() {
  const invalidate = useInvalidateHours();
  return useMutation({ mutationFn: (body: StopBody) => call(hoursOps.stopTimer, { body }), onSuccess: invalidate });
}

type TermsBody = OperationInput<HoursSchemas["setClientHoursTerms"]>["body"];

/**
 * Staff give a client its own hours terms, or put it back on its plan's (`override: null`). Said
 * here, not by the form: the new terms remount the form, which would drop a callback of its own.
 */
export function useSetClientHoursTerms(companyId: string) {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (body: TermsBody) => call(hoursOps.setClientHoursTerms, { params: { id: companyId }, body }),
    onSuccess: async (_answer, body) => {
      toast.success(
        body.override ? "The client's hours terms are saved." : "The client follows its plan's terms again.",
      );
      await invalidate();
    },
  });
}

type UpdateBody = OperationInput<HoursSchemas["updateTimeEntry"]>["body"];

/** Staff correct an entry of a period not yet invoiced. */
export function useUpdateTimeEntry() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string; body: UpdateBody }) =>
      call(hoursOps.updateTimeEntry, { params: { id: entryId }, body }),
    onSuccess: invalidate,
  });
}
