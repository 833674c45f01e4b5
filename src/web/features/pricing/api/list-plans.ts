import { useEffect, useState } from "react";
import { pricingOps } from "../../../../shared/operations/pricing";
import { call } from "../../../lib/api";
import type { PlanView } from "../../../../shared/pricing";

export const listPlans = (signal?: AbortSignal) =>
  call(pricingOps.listPlans, { signal }).then((answer) => answer.plans);

/**
 * The plans on sale: those the prerendered page was built with at first (so the HTML and the
 * first render agree), then the current ones from the API ("current"), or the built ones still
 * if the API could not be reached ("failed"). The pricing page has no query client (TanStack
 * Query stays out of the marketing chunks), so this hook holds the answer itself.
 */
export function useCurrentPlans(initial: PlanView[]): { plans: PlanView[]; status: "built" | "current" | "failed" } {
  const [state, setState] = useState<{ plans: PlanView[]; status: "built" | "current" | "failed" }>({
    plans: initial,
    status: "built",
  });
  useEffect(() => {
    const controller = new AbortController();
    listPlans(controller.signal).then(
      (plans) => setState({ plans, status: "current" }),
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, status: "failed" }));
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
