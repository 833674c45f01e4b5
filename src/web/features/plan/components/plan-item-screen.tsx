import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { PageHeader } from "../../../components/layout/page-header";
import { Alert } from "../../../components/ui/alert";
import { ApiError, toApiError } from "../../../lib/api";
import { usePlanItem } from "../api/get-plan-item";
import { PlanItemView } from "./plan-item-view";
import type { LinkableAutomation } from "./staff-actions";
import type { TGetPlanItemResponse } from "../../../../shared/plan";

/** An item's page with its way back, for either side; `useAutomations` gives staff the company's automations. */
export function PlanItemScreen({
  id,
  side,
  useAutomations = () => [],
}: {
  id: string;
  side: "client" | "staff";
  useAutomations?: (item: TGetPlanItemResponse | undefined) => LinkableAutomation[];
}) {
  const query = usePlanItem(id);
  const automations = useAutomations(query.data);
  const back =
    side === "client"
      ? { to: screenPath("/automation-plan"), label: "Automation plan" }
      : { to: screenPath("/admin/plan"), label: "Plan queue" };
  const title = query.data
    ? side === "staff"
      ? `${query.data.title} · ${query.data.companyName}`
      : query.data.title
    : "Plan item";
  return (
    <>
      <Link
        to={back.to}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {back.label}
      </Link>
      <PageHeader title={title} />
      {query.isError ? (
        <Alert tone="error">
          {query.error instanceof ApiError && query.error.status === 404
            ? "There is no such item in the plan."
            : toApiError(query.error).message}
        </Alert>
      ) : query.data ? (
        <PlanItemView item={query.data} side={side} automations={automations} />
      ) : (
        <p className="text-muted-foreground">Loading...</p>
      )}
    </>
  );
}
