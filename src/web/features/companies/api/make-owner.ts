import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TMakeOwnerRequest } from "../../../../shared/client-detail";

/** Staff make a member the company's owner; the previous owner becomes a member. */
export const makeOwner = (companyId: string, body: TMakeOwnerRequest) =>
  call(clientDetailOps.makeOwner, { params: { id: companyId }, body });
export const useMakeOwner = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => makeOwner(companyId, { userId }),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
