import { useId, useState } from "react";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { formatMinutes } from "../../../../shared/hours-labels";
import { formatMoney } from "../../../../shared/price-format";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toApiError } from "../../../lib/api";
import { usePlanHours, useSetPlanHours } from "../api/plan-hours";
import { HoursTermsFields } from "./hours-terms-fields";
import type { TPlanHours } from "../../../../shared/hours";

const number = new Intl.NumberFormat("en-IE");
const plural = (count: number, one: string, many: string) => `${number.format(count)} ${count === 1 ? one : many}`;

/** The plan's hours terms, as staff and clients read them. */
function termsFigures({ terms, currency }: TPlanHours): Array<[string, string]> {
  return [
    ["Included each month", formatMinutes(terms.includedMinutes)],
    ["Extra time", `${formatInvoiceMoney(terms.overageRateMinor, currency)} an hour`],
    ["Unused time", terms.hoursRollover ? `Rolls over, up to ${formatMinutes(terms.rolloverCapMinutes)}` : "Lapses"],
    ["Extra time needs approval", terms.overageNeedsApproval ? "Yes, the owner's" : "No"],
  ];
}

/** Who a change of the plan's terms reaches: its clients, except those with terms of their own. */
function clientsLine({ subscribedCompanies, ownTermsCompanies }: TPlanHours) {
  if (subscribedCompanies === 0) return "No client is on this plan.";
  const on = `${plural(subscribedCompanies, "client is", "clients are")} on this plan`;
  if (ownTermsCompanies === 0) return `${on}; a change applies to all of them from their current period.`;
  return `${on}; ${plural(ownTermsCompanies, "has", "have")} terms of their own and ${ownTermsCompanies === 1 ? "is" : "are"} not affected by a change here.`;
}

function EditPlanHours({ plan, onDone }: { plan: TPlanHours; onDone: () => void }) {
  const save = useSetPlanHours(plan.name);
  return (
    <HoursTermsFields
      label={`${plan.name} plan's hours terms`}
      terms={plan.terms}
      currency={plan.currency}
      pending={save.isPending}
      serverError={save.isError ? toApiError(save.error) : undefined}
      submitLabel={`Save ${plan.name}'s hours`}
      onSave={(terms) => save.mutate({ planSlug: plan.slug, ...terms }, { onSuccess: onDone })}
      actions={
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onDone}>
          Cancel
        </Button>
      }
    />
  );
}

function PlanHoursCard({ plan }: { plan: TPlanHours }) {
  const [editing, setEditing] = useState(false);
  const formId = useId();
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            {plan.name}
            {plan.active ? null : <Badge variant="secondary">Not on sale</Badge>}
          </CardTitle>
          <CardDescription>
            {formatMoney(plan.monthlyPriceMinor, plan.currency)} a month or{" "}
            {formatMoney(plan.yearlyPriceMinor, plan.currency)} a year ·{" "}
            {plural(plan.includedAutomations, "automation", "automations")} ·{" "}
            {plural(plan.monthlyRunAllowance, "run", "runs")} a month
          </CardDescription>
        </div>
        <Button
          variant="outline"
          className="self-start"
          aria-label={`Edit hours for ${plan.name}`}
          aria-expanded={editing}
          aria-controls={formId}
          onClick={() => setEditing((open) => !open)}
        >
          Edit hours
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {termsFigures(plan).map(([label, value]) => (
            <div key={label} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">{clientsLine(plan)}</p>
        <div id={formId}>
          {editing ? (
            <section aria-label={`Edit hours for ${plan.name}`} className="rounded-md border p-4">
              <EditPlanHours key={JSON.stringify(plan.terms)} plan={plan} onDone={() => setEditing(false)} />
            </section>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** Staff: every plan, its price and allowances, and the retainer hours it includes, each editable. */
export function PlanHoursList() {
  const plans = usePlanHours();
  if (plans.isError) return <Alert tone="error">{toApiError(plans.error).message}</Alert>;
  if (!plans.data) return <p className="text-muted-foreground">Loading...</p>;
  if (plans.data.plans.length === 0) return <p className="text-sm text-muted-foreground">There are no plans.</p>;
  return (
    <ul className="flex flex-col gap-6" aria-label="Plans">
      {plans.data.plans.map((plan) => (
        <li key={plan.slug}>
          <PlanHoursCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}
