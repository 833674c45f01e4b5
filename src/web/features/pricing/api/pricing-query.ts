import { queryOptions, useQuery } from "@tanstack/react-query";
import { listPlans } from "./list-plans";

// Apart from list-plans.ts so that the pricing page, which has no query client, does not bundle one.
export const plansKeys = { all: ["plans"] as const };
export const listPlansQueryOptions = () =>
  queryOptions({ queryKey: plansKeys.all, queryFn: ({ signal }) => listPlans(signal) });
export const usePlans = () => useQuery(listPlansQueryOptions());
