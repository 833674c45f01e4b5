import { useMutation, useQueryClient } from "@tanstack/react-query";
import { viewAsOps } from "../../../../shared/operations/view-as";
import { call } from "../../../lib/api";

export const startViewAs = (companyId: string) => call(viewAsOps.startViewAs, { params: { id: companyId } });
/** Every cached answer was the staff view: all of it is dropped, so nothing of it shows in the client's. */
export const useStartViewAs = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startViewAs, onSuccess: () => queryClient.resetQueries() });
};
