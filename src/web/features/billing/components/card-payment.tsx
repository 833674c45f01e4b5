import { CreditCard, Settings } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toApiError } from "../../../lib/api";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useStartCheckout } from "../api/start-checkout";
import type { TGetBillingResponse } from "../../../../shared/billing";

/** Where the browser goes: Stripe's hosted pages (a test passes its own). */
const leaveFor = (url: string) => window.location.assign(url);

/**
 * The owner's card payment, when the server has Stripe on (`provider: "stripe"` in the billing
 * answer): Pay by card opens Stripe Checkout for the plan, Manage card the customer portal.
 */
export function CardPayment({ billing, go = leaveFor }: { billing: TGetBillingResponse; go?: (url: string) => void }) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const sub = billing.subscription;
  if (billing.provider !== "stripe" || !sub) return null;
  const paysByCard = sub.provider === "stripe" && sub.status !== "canceled";
  const failed = checkout.error ?? portal.error;
  return (
    <section aria-labelledby="card-payment" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="card-payment" className="text-lg font-semibold">
        Card payment
      </h2>
      <p className="text-sm text-muted-foreground">
        {paysByCard
          ? "Your plan is paid by card through Stripe; each paid invoice appears below. To change plan, contact us."
          : "Pay your plan by card through Stripe instead of by bank transfer. A period already invoiced is not charged again."}
      </p>
      <div className="flex flex-wrap gap-2">
        {paysByCard ? null : (
          <Button
            disabled={checkout.isPending}
            onClick={() => checkout.mutate(undefined, { onSuccess: (done) => go(done.url) })}
          >
            <CreditCard aria-hidden /> {checkout.isPending ? "Opening Stripe…" : "Pay by card"}
          </Button>
        )}
        {billing.cardOnFile ? (
          <Button
            variant="outline"
            disabled={portal.isPending}
            onClick={() => portal.mutate(undefined, { onSuccess: (done) => go(done.url) })}
          >
            <Settings aria-hidden /> {portal.isPending ? "Opening Stripe…" : "Manage card"}
          </Button>
        ) : null}
      </div>
      {failed ? <Alert tone="error">{toApiError(failed).message}</Alert> : null}
    </section>
  );
}
