import { useState } from "react";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { quotePlanChange, useChangePlan } from "../api/change-plan";
import type { TPlanChangeQuote, TSubscription } from "../../../../shared/billing";
import type { PlanView } from "../../../../shared/pricing";

const confirmTitle = (quote: TPlanChangeQuote) =>
  quote.change === "upgrade"
    ? `Upgrade to ${quote.to.name}?`
    : quote.change === "downgrade"
      ? `Downgrade to ${quote.to.name}?`
      : `Stay on ${quote.to.name}?`;

/** The sentence to confirm, and what goes on the next invoice. */
function PlanChangeDialog({
  quote,
  onConfirm,
  onClose,
}: {
  quote: TPlanChangeQuote;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={confirmTitle(quote)}
      description={
        <>
          {quote.confirmation}.{" "}
          {quote.prorationMinor > 0
            ? `The ${formatInvoiceMoney(quote.prorationMinor, quote.currency)} (before tax) is added to the next invoice.`
            : ""}
        </>
      }
      confirmLabel={quote.change === "unchanged" ? "Keep this plan" : `Confirm: ${quote.to.name}`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/**
 * Choose another plan, see what it costs (the price difference and what is charged for the rest of
 * this period), and confirm that sentence before anything changes. The owner's own plan, or, with
 * `companyId`, staff changing a client's.
 */
export function ChangePlanForm({
  subscription,
  plans,
  companyId,
}: {
  subscription: TSubscription;
  plans: PlanView[];
  companyId?: string;
}) {
  const change = useChangePlan(companyId);
  const [slug, setSlug] = useState(subscription.scheduledPlan?.slug ?? subscription.plan.slug);
  const [quote, setQuote] = useState<TPlanChangeQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const price = (plan: PlanView) =>
    subscription.interval === "yearly" ? plan.yearlyPriceMinor : plan.monthlyPriceMinor;
  const review = async () => {
    setQuoting(true);
    setQuoteError(null);
    try {
      setQuote(await quotePlanChange(slug, companyId));
    } catch (reason) {
      setQuoteError(toApiError(reason).message);
    } finally {
      setQuoting(false);
    }
  };
  const confirm = async (confirmed: TPlanChangeQuote) => {
    const done = await change.mutateAsync({
      planSlug: confirmed.to.slug,
      confirmedProrationMinor: confirmed.prorationMinor,
    });
    setQuote(null);
    toast.success(
      done.change === "upgraded"
        ? `${companyId ? "The company is" : "You are"} on the ${done.subscription.plan.name} plan now.`
        : done.change === "downgrade_scheduled"
          ? `The move to the ${done.subscription.scheduledPlan?.name} plan happens on ${formatDate(done.subscription.currentPeriodEnd)}.`
          : "The plan stays as it is.",
    );
  };
  // The dialog sits beside the form, not in it: its own form's submit would bubble (through the portal) into this one.
  return (
    <>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void review();
        }}
      >
        <FormField
          label="Change plan"
          className="sm:max-w-sm sm:flex-1"
          hint="You see the cost and confirm it before anything changes."
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
        <Button type="submit" disabled={quoting}>
          {quoting ? "Working out the cost..." : "Review the change"}
        </Button>
        {quoteError ? <Alert tone="error">{quoteError}</Alert> : null}
      </form>
      {quote ? (
        <PlanChangeDialog quote={quote} onConfirm={() => confirm(quote)} onClose={() => setQuote(null)} />
      ) : null}
    </>
  );
}
