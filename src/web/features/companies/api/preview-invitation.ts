import { useQuery } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";

/** Which company an invitation link is for, and the address it was sent to (for a signed-out newcomer). */
export const previewInvitation = (token: string, signal?: AbortSignal) =>
  call(companiesOps.previewInvitation, { query: { token }, signal });
export const usePreviewInvitation = (token: string | null) =>
  useQuery({
    queryKey: ["invitation-preview", token],
    queryFn: ({ signal }) => previewInvitation(token!, signal),
    enabled: Boolean(token),
    // A used or expired link stays so: asking again would say the same.
    retry: false,
  });
