import { PageHeader } from "../../components/layout/page-header";
import { PlanHoursList } from "../../features/hours/components/plan-hours-list";

/** Staff: the pricing plans and the retainer hours each includes. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Pricing plans"
        description="The plans clients subscribe to and the hours of changes, fixes and support each includes. Clients on a plan follow its hours from their current period, unless they have terms of their own."
      />
      <PlanHoursList />
    </>
  );
}
