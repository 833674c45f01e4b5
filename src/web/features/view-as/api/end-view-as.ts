import { useMutation, useQueryClient } from "@tanstack/react-query";
import { viewAsOps } from "../../../../shared/operations/view-as";
import { call } from "../../../lib/api";

export const endViewAs = () => call(viewAsOps.endViewAs);
/**
 * Every cached answer was the client's view: all of it is dropped before the staff screens come back.
 * `leave` moves to a staff page first: reset on a client's page, staff would be sent to the agency
 * dashboard (ADR 0023) instead of where the exit goes.
 */
export const useEndViewAs = (leave: () => void | Promise<void>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endViewAs,
    onSuccess: async () => {
      await leave();
      await queryClient.resetQueries();
    },
  });
};
