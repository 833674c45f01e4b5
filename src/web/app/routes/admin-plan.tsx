import { PageHeader } from "../../components/layout/page-header";
import { usePlanQueue } from "../../features/plan/api/list-plan-queue";
import { PlanOverview } from "../../features/plan/components/plan-overview";

/** /admin/plan: every client's plan items, what waits on the agency longest first. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Plan queue"
        description="Every client's plan items: what waits on us longest comes first, then work in progress, then what waits on clients."
      />
      <PlanOverview
        useItems={usePlanQueue}
        side="staff"
        defaultView="list"
        hrefOf={(id) => `/admin/plan/${id}`}
        empty={<p>When a client asks for an automation, it appears here.</p>}
      />
    </>
  );
}
