import { Link } from "react-router";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { screenPath } from "../../../../shared/routes";
import { useMrr } from "../api/get-mrr";

/** The agency dashboard's MRR: now, and this month's movements. */
export function MrrTile() {
  const mrr = useMrr();
  const figures = mrr.data?.figures[0];
  const money = (minor: number) => formatInvoiceMoney(minor, figures?.currency ?? "EUR");
  return (
    <Link
      to={screenPath("/admin/invoices")}
      className="flex flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-sm hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="text-sm font-medium text-muted-foreground">Monthly recurring revenue</span>
      {mrr.isError ? (
        <span className="mt-1 text-sm">MRR could not be loaded.</span>
      ) : !mrr.data ? (
        <span className="mt-1 text-sm">Loading...</span>
      ) : (
        <>
          <span className="mt-1 text-3xl font-semibold tabular-nums">{money(figures?.mrrMinor ?? 0)}</span>
          <span className="mt-1 text-xs text-muted-foreground">
            {figures
              ? `This month: new ${money(figures.newMinor)}, expansion ${money(figures.expansionMinor)}, contraction ${money(figures.contractionMinor)}, churn ${money(figures.churnMinor)}`
              : "No client is on a plan yet."}
          </span>
        </>
      )}
    </Link>
  );
}
