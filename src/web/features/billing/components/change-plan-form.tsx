import { useState } from "react";
import { toast } from "sonner";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { useChangePlan } from "../api/change-plan";
import type { TSubscription } from "../../../../shared/billing";
import type { PlanView } from "../../../../shared/pricing";

/** The owner picks another plan: dearer now (prorated), cheaper at the period's end. */
export function ChangePlanForm({ subscription, plans }: { subscription: TSubscription; plans: PlanView[] }) {
  const change = useChangePlan();
  const [slug, setSlug] = useState(subscription.scheduledPlan?.slug ?? subscription.plan.slug);
  const price = (plan: PlanView) =>
    subscription.interval === "yearly" ? plan.yearlyPriceMinor : plan.monthlyPriceMinor;
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { planSlug: slug },
          {
            onSuccess: (done) =>
              toast.success(
                done.change === "upgraded"
                  ? `You are on the ${done.subscription.plan.name} plan now; the rest of this period is added to your next invoice.`
                  : done.change === "downgrade_scheduled"
                    ? `You move to the ${done.subscription.scheduledPlan?.name} plan when this period ends.`
                    : "Your plan stays as it is.",
              ),
          },
        );
      }}
    >
      <FormField
        label="Change plan"
        className="sm:max-w-sm sm:flex-1"
        hint="An upgrade applies now; a downgrade when the period ends."
      >
        {(control) => (
          <NativeSelect {...control} value={slug} onChange={(event) => setSlug(event.target.value)}>
            {plans.map((plan) => (
              <option key={plan.slug} value={plan.slug}>
                {plan.name}: {formatInvoiceMoney(price(plan), plan.currency)}{" "}
                {subscription.interval === "yearly" ? "a year" : "a month"}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing..." : "Change plan"}
      </Button>
      {change.isError ? <Alert tone="error">{toApiError(change.error).message}</Alert> : null}
    </form>
  );
}
