import { LayoutGrid, List, Map } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { PlanBoard } from "./plan-board";
import { PlanFilters } from "./plan-filters";
import { PlanTable } from "./plan-table";
import { usePlanFilter } from "./use-plan-filter";
import type { PlanItemSummary } from "../../../../shared/plan";
import type { PlanFilter } from "../api/list-plan-items";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** The plan's board or list with its filters, over whichever query lists the items (client's or staff queue). */
export function PlanOverview({
  useItems,
  side,
  hrefOf,
  empty,
  defaultView = "board",
  companyId,
}: {
  useItems: (filter: PlanFilter) => UseQueryResult<{ items: PlanItemSummary[] }>;
  side: "client" | "staff";
  hrefOf: (id: string) => string;
  empty: ReactNode;
  defaultView?: "board" | "list";
  /** Only this company's items (the client detail's Plan tab). */
  companyId?: string;
}) {
  const { filter, view, update } = usePlanFilter(defaultView);
  const query = useItems(companyId ? { ...filter, companyId } : filter);
  const filtered = Boolean(filter.category || filter.priority);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PlanFilters filter={filter} update={update} side={side} />
        <div role="group" aria-label="Show the plan as" className="flex gap-1">
          <Button
            variant={view === "board" ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={view === "board"}
            onClick={() => update({ view: "board" })}
          >
            <LayoutGrid aria-hidden /> Board
          </Button>
          <Button
            variant={view === "list" ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={view === "list"}
            onClick={() => update({ view: "list" })}
          >
            <List aria-hidden /> List
          </Button>
        </div>
      </div>
      {query.isError ? (
        <Alert tone="error">{toApiError(query.error).message}</Alert>
      ) : !query.data ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : query.data.items.length === 0 && !filtered ? (
        <EmptyState icon={<Map />} title={side === "client" ? "Your plan is empty" : "No plan items yet"}>
          {empty}
        </EmptyState>
      ) : view === "board" ? (
        <PlanBoard items={query.data.items} hrefOf={hrefOf} side={side} />
      ) : query.data.items.length === 0 ? (
        <p className="text-muted-foreground">No items match these filters.</p>
      ) : (
        <PlanTable items={query.data.items} hrefOf={hrefOf} side={side} label="Automation plan items" />
      )}
    </div>
  );
}
