import { Link } from "react-router";
import {
  PLAN_CATEGORIES,
  PLAN_CATEGORY_LABELS,
  PLAN_CATEGORY_STAFF_LABELS,
  PLAN_PRIORITY_LABELS,
} from "../../../../shared/plan";
import { formatDate, hours } from "../../../lib/format";
import { PlanStateBadge } from "./plan-state-badge";
import type { PlanItemSummary } from "../../../../shared/plan";

/** One card of the board: what it is, its state, and what it would save. */
function ItemCard({ item, href, showCompany }: { item: PlanItemSummary; href: string; showCompany: boolean }) {
  return (
    <li>
      <Link
        to={href}
        className="flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm shadow-xs transition-colors hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="font-medium text-foreground">{item.title}</span>
        {showCompany ? <span className="text-xs text-muted-foreground">{item.companyName}</span> : null}
        <span className="flex flex-wrap items-center gap-2">
          <PlanStateBadge state={item.state} />
          {item.priority === "high" ? (
            <span className="text-xs font-medium text-foreground">{PLAN_PRIORITY_LABELS.high} priority</span>
          ) : null}
        </span>
        <span className="text-xs text-muted-foreground">
          {item.hoursPerMonth !== null
            ? `Saves about ${item.hoursPerMonth} h a month`
            : `About ${hours(item.estimatedMinutesPerMonth)} of work a month today`}
          {item.targetDate ? ` · ready by ${formatDate(item.targetDate)}` : ""}
        </span>
      </Link>
    </li>
  );
}

/** The plan as a board: one column per state category. */
export function PlanBoard({
  items,
  hrefOf,
  side,
}: {
  items: PlanItemSummary[];
  hrefOf: (id: string) => string;
  side: "client" | "staff";
}) {
  const labels = side === "staff" ? PLAN_CATEGORY_STAFF_LABELS : PLAN_CATEGORY_LABELS;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      {PLAN_CATEGORIES.map((category) => {
        const inColumn = items.filter((item) => item.category === category);
        return (
          <section key={category} aria-label={labels[category]} className="rounded-lg bg-muted/50 p-3">
            <h2 className="mb-3 flex items-center justify-between text-sm font-semibold">
              {labels[category]} <span className="text-muted-foreground">{inColumn.length}</span>
            </h2>
            {inColumn.length === 0 ? (
              <p className="text-xs text-muted-foreground">Nothing here.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {inColumn.map((item) => (
                  <ItemCard key={item.id} item={item} href={hrefOf(item.id)} showCompany={side === "staff"} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
