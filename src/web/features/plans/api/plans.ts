import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanView } from "../../../../shared/plans";
import { apiFetch } from "../../../lib/api";

export const fetchPlans = (signal?: AbortSignal) => apiFetch<{ plans: PlanView[] }>("/api/plans", { signal }).then((answer) => answer.plans);

/** The plans on sale; prerendered pages carry them in the dehydrated cache, refreshed on load. */
export const plansQueryOptions = () => queryOptions({ queryKey: ["plans"], queryFn: ({ signal }) => fetchPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());
