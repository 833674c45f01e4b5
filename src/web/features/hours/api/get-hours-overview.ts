import { useQuery } from "@tanstack/react-query";
import { hoursOps } from "../../../../shared/operations/hours";
import { call } from "../../../lib/api";
import { hoursKeys } from "./query-keys";

/** Staff: this period's time not invoiced yet, and the clients over their budget; fresh on each visit. */
export const useHoursOverview = () =>
  useQuery({
    queryKey: hoursKeys.overview(),
    queryFn: ({ signal }) => call(hoursOps.getHoursOverview, { signal }),
    refetchOnMount: "always",
  });
