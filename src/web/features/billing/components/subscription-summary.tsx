import { formatInvoiceMoney, SUBSCRIPTION_STATUS_LABELS } from "../../../../shared/billing-labels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { formatDate } from "../../../lib/format";
import { UsageMeters } from "./usage-meters";
import type { TGetBillingResponse, TSubscription } from "../../../../shared/billing";

export const SUBSCRIPTION_TONES: Record<TSubscription["status"], StatusTone> = {
  trialing: "info",
  active: "success",
  past_due: "danger",
  canceled: "neutral",
};

/** The plan, its status and period, and usage bars against the plan's limits. */
export function SubscriptionSummary({ billing }: { billing: TGetBillingResponse }) {
  const sub = billing.subscription!;
  const statusLabel = SUBSCRIPTION_STATUS_LABELS[sub.status];
  const tone = SUBSCRIPTION_TONES[sub.status];
  const over = billing.usage.some((u) => u.percent !== null && u.percent >= 100);
  const requestsLimited = billing.usage.some((u) => u.metric === "requests" && u.limit !== null);
  const pastLimit =
    "Past a limit your automations keep running: runs are recorded and the overage is shown here." +
    (requestsLimited ? " New automation requests wait for next month." : "");
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle>{sub.plan.name} plan</CardTitle>
          <StatusBadge tone={tone}>{statusLabel}</StatusBadge>
        </div>
        <CardDescription>
          {formatInvoiceMoney(sub.priceMinor, sub.currency)} {sub.interval === "yearly" ? "a year" : "a month"},
          excluding tax. Current period {formatDate(sub.currentPeriodStart)} to {formatDate(sub.currentPeriodEnd)}.
          {sub.trialEndsAt && sub.status === "trialing" ? ` Trial ends ${formatDate(sub.trialEndsAt)}.` : ""}
        </CardDescription>
        {sub.cancelAtPeriodEnd && sub.status !== "canceled" ? (
          <p className="text-sm">Ends on {formatDate(sub.currentPeriodEnd)}: it is not renewed.</p>
        ) : null}
        {sub.scheduledPlan ? (
          <p className="text-sm">
            Scheduled: moves to the {sub.scheduledPlan.name} plan on {formatDate(sub.currentPeriodEnd)}.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <UsageMeters usage={billing.usage} />
        {billing.usage.some((u) => u.percent !== null && u.percent >= 80) ? (
          <p role="status" className="rounded-md border border-warning/50 bg-warning/15 p-3 text-sm">
            {over ? "You are past a limit of your plan." : "You have used 80 % of a limit of your plan."} {pastLimit}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{pastLimit}</p>
        )}
      </CardContent>
    </Card>
  );
}
