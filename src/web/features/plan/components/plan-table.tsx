import { Link } from "react-router";
import { PLAN_PRIORITY_LABELS } from "../../../../shared/plan";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate, relativeTime } from "../../../lib/format";
import { PlanStateBadge } from "./plan-state-badge";
import type { PlanItemSummary } from "../../../../shared/plan";

/** The first column stays in view while the table scrolls sideways on a phone. */
const STICKY = "sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-border)]";

/** The plan as a list; staff see the company and how long each item has waited in its state. */
export function PlanTable({
  items,
  hrefOf,
  side,
  label,
}: {
  items: PlanItemSummary[];
  hrefOf: (id: string) => string;
  side: "client" | "staff";
  label: string;
}) {
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow>
          <TableHead className={`${STICKY} bg-muted`}>Item</TableHead>
          {side === "staff" ? <TableHead>Company</TableHead> : null}
          <TableHead>State</TableHead>
          <TableHead>Priority</TableHead>
          <TableHead>{side === "staff" ? "Waiting since" : "Last change"}</TableHead>
          <TableHead className="text-right">Hours a month</TableHead>
          <TableHead>Target date</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableHead scope="row" className={`${STICKY} max-w-64 min-w-40 bg-card font-medium`}>
              <Link to={hrefOf(item.id)} className="underline-offset-4 hover:underline">
                {item.title}
              </Link>
            </TableHead>
            {side === "staff" ? <TableCell>{item.companyName}</TableCell> : null}
            <TableCell>
              <PlanStateBadge state={item.state} />
            </TableCell>
            <TableCell>{PLAN_PRIORITY_LABELS[item.priority]}</TableCell>
            <TableCell className="whitespace-nowrap">{relativeTime(item.stateChangedAt)}</TableCell>
            <TableCell className="text-right">{item.hoursPerMonth ?? "—"}</TableCell>
            <TableCell className="whitespace-nowrap">{item.targetDate ? formatDate(item.targetDate) : "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
