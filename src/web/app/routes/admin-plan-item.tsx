import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { TimerControl } from "../../features/hours/components/timer-control";
import { PlanItemScreen } from "../../features/plan/components/plan-item-screen";
import { listCompanyAutomationsQueryOptions } from "../../features/staff-automations/api/list-company-automations";
import type { TGetPlanItemResponse } from "../../../shared/plan";

/** The company's automations that are not retired: Building may link one of them. */
function useLinkableAutomations(item: TGetPlanItemResponse | undefined) {
  const linking = item?.state === "approved";
  const query = useQuery({ ...listCompanyAutomationsQueryOptions(item?.companyId ?? ""), enabled: linking });
  if (!linking) return [];
  return (query.data?.automations ?? []).filter((a) => a.status !== "retired").map((a) => ({ id: a.id, name: a.name }));
}

/** /admin/plan/:id: a client's plan item with the agency's actions. */
export function Component() {
  const { id = "" } = useParams();
  return (
    <>
      <section aria-label="Time on this plan item" className="mb-6 rounded-xl border bg-card p-4">
        <TimerControl planItemId={id} />
      </section>
      <PlanItemScreen id={id} side="staff" useAutomations={useLinkableAutomations} />
    </>
  );
}
