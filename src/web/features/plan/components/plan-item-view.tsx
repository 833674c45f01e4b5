import { Bot } from "lucide-react";
import { Link } from "react-router";
import {
  PLAN_CATEGORY_LABELS,
  PLAN_CATEGORY_STAFF_LABELS,
  PLAN_PRIORITY_LABELS,
  PLAN_STATE_LABELS,
} from "../../../../shared/plan";
import { screenPath } from "../../../../shared/routes";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate, formatDateTime, hours } from "../../../lib/format";
import { ClientActions } from "./client-actions";
import { CommentThread } from "./comment-thread";
import { PlanHistory } from "./plan-history";
import { PlanStateBadge } from "./plan-state-badge";
import { PromiseCard } from "./promise-card";
import { ProposalCard } from "./proposal-card";
import { StaffActions, type LinkableAutomation } from "./staff-actions";
import type { TGetPlanItemResponse } from "../../../../shared/plan";

function RequestCard({ item }: { item: TGetPlanItemResponse }) {
  const facts: [string, string][] = [
    ["What starts it", item.triggerDescription],
    ["Systems", item.systems],
    [
      "How often",
      `${item.timesPerMonth} times a month, ${item.minutesEach} minutes each (${hours(item.estimatedMinutesPerMonth)} a month)`,
    ],
    ["Priority", PLAN_PRIORITY_LABELS[item.priority]],
    ["Wished date", item.wishedDate ? formatDate(item.wishedDate) : "None"],
    ["Asked by", `${item.requestedBy}, ${formatDateTime(item.createdAt)}`],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>The request</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-wrap">{item.problem}</p>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Why the item is where it is, in a sentence for the person reading. */
function StatusLine({ item, side }: { item: TGetPlanItemResponse; side: "client" | "staff" }) {
  const category = (side === "staff" ? PLAN_CATEGORY_STAFF_LABELS : PLAN_CATEGORY_LABELS)[item.category];
  const extra =
    item.state === "declined" && item.declineReason
      ? ` Declined: ${item.declineReason}`
      : item.state === "retired" && item.retireReason
        ? ` Retired: ${item.retireReason}`
        : item.approvedVersion && item.approvedAt
          ? ` Version ${item.approvedVersion} approved by ${item.approvedBy} on ${formatDateTime(item.approvedAt)}.`
          : "";
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <PlanStateBadge state={item.state} />
      {category === PLAN_STATE_LABELS[item.state] ? "" : `${category}.`}
      {extra}
    </p>
  );
}

/** The item page, the same for both sides; each sees its own actions and words. */
export function PlanItemView({
  item,
  side,
  automations = [],
}: {
  item: TGetPlanItemResponse;
  side: "client" | "staff";
  automations?: LinkableAutomation[];
}) {
  const automationHref =
    side === "client"
      ? screenPath("/my-automations/:id", { id: item.automation?.id ?? "" })
      : screenPath("/clients/:id", { id: item.companyId }, { tab: "automations" });
  return (
    <div className="flex flex-col gap-6">
      <StatusLine item={item} side={side} />
      {side === "client" ? <ClientActions item={item} /> : <StaffActions item={item} automations={automations} />}
      {item.promise ? <PromiseCard promise={item.promise} /> : null}
      {item.automation ? (
        <p className="flex items-center gap-2 text-sm">
          <Bot className="size-4" aria-hidden /> Automation:{" "}
          <Link to={automationHref} className="font-medium underline underline-offset-4">
            {item.automation.name}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <ProposalCard proposals={item.proposals} approvedVersion={item.approvedVersion} />
          <RequestCard item={item} />
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Comments</CardTitle>
            </CardHeader>
            <CardContent>
              <CommentThread itemId={item.id} comments={item.comments} side={side} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>History</CardTitle>
            </CardHeader>
            <CardContent>
              <PlanHistory history={item.history} side={side} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
