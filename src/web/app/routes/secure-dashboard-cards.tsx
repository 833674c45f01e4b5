import { PlanUsageCard } from "../../features/billing/components/plan-usage-card";
import { TeamCard } from "../../features/companies/components/team-card";
import { HoursUsageLine } from "../../features/hours/components/hours-usage-line";

/**
 * A client's cards below the dashboard's figures: their team, and their plan with its hours.
 * Their own chunk (secure-dashboard.tsx loads it on use): they show once the figures have come.
 */
export function ClientCards({ ownerPassedSecondFactor }: { ownerPassedSecondFactor: boolean }) {
  return (
    <>
      <TeamCard ownerPassedSecondFactor={ownerPassedSecondFactor} />
      <PlanUsageCard>
        <HoursUsageLine />
      </PlanUsageCard>
    </>
  );
}
