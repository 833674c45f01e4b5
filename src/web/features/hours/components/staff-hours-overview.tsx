import { Link } from "react-router";
import { formatMinutes } from "../../../../shared/hours-labels";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { useHoursOverview } from "../api/get-hours-overview";

/** /admin: retainer time not invoiced yet, and the clients beyond their budget this period, each linking to its Billing tab. */
export function StaffHoursOverview() {
  const overview = useHoursOverview();
  if (overview.isError) return <Alert tone="error">{overview.error.message}</Alert>;
  if (!overview.data) return <p className="text-muted-foreground">Loading...</p>;
  const { unbilledMinutes, overBudget } = overview.data;
  return (
    <section aria-labelledby="retainer-hours" className="flex flex-col gap-3">
      <h2 id="retainer-hours" className="text-lg font-semibold tracking-tight">
        Retainer hours
      </h2>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr]">
        <div className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
          <span className="text-sm font-medium text-muted-foreground">Unbilled this period</span>
          <span className="mt-1 text-3xl font-semibold tabular-nums">{formatMinutes(unbilledMinutes)}</span>
          <span className="mt-1 text-xs text-muted-foreground">billable time logged, not invoiced yet</span>
        </div>
        <div className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
          <h3 className="text-sm font-medium text-muted-foreground">Over their budget this period</h3>
          {overBudget.length === 0 ? (
            <p className="text-sm">No client is over its included hours.</p>
          ) : (
            <ul className="flex flex-col divide-y text-sm">
              {overBudget.map((row) => (
                <li key={row.company.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <Link
                    to={screenPath("/clients/:id", { id: row.company.id }, { tab: "billing" })}
                    className="font-medium hover:underline"
                  >
                    {row.company.name}
                  </Link>
                  <span className="tabular-nums">
                    <span className="font-medium text-destructive">{formatMinutes(row.usedMinutes)}</span> of{" "}
                    {formatMinutes(row.includedMinutes)} included
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
