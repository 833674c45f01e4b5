import { Alert } from "../../../components/ui/alert";
import { toApiError } from "../../../lib/api";
import { useClientBilling } from "../api/get-client-billing";
import { BillingDetailsForm } from "./billing-details-form";
import { ChangePlanForm } from "./change-plan-form";
import { InvoiceRowActions } from "./invoice-row-actions";
import { InvoiceTable } from "./invoice-table";
import { IssueInvoiceForm } from "./issue-invoice-form";
import { SubscribeForm } from "./subscribe-form";
import { SubscriptionActions } from "./subscription-actions";
import { SubscriptionSummary } from "./subscription-summary";
import { UpcomingInvoice } from "./upcoming-invoice";
import type { PlanView } from "../../../../shared/pricing";

/** Staff: a client's subscription and its plan actions, the next invoice, a one-off invoice, and its invoices with mark paid and void. */
export function ClientBillingTab({ companyId, plans }: { companyId: string; plans: PlanView[] }) {
  const billing = useClientBilling(companyId);
  if (billing.isError) return <Alert tone="error">{toApiError(billing.error).message}</Alert>;
  if (!billing.data) return <p className="text-muted-foreground">Loading...</p>;
  const data = billing.data;
  const sub = data.subscription;
  const canSubscribe = !sub || sub.status === "canceled";
  const canChange = sub && sub.status !== "canceled" && sub.provider !== "stripe";
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="subscription" className="flex flex-col gap-3">
        <h2 id="subscription" className="text-lg font-semibold">
          Subscription
        </h2>
        {sub ? <SubscriptionSummary billing={data} /> : <p className="text-sm">No plan yet.</p>}
        {canSubscribe ? <SubscribeForm companyId={companyId} plans={plans} /> : null}
        {canChange ? (
          <>
            <ChangePlanForm subscription={sub} plans={plans} companyId={companyId} />
            <SubscriptionActions companyId={companyId} subscription={sub} />
          </>
        ) : null}
      </section>
      <UpcomingInvoice upcoming={data.upcoming} />
      <BillingDetailsForm details={data.billingDetails} required={data.billingDetailsRequired} companyId={companyId} />
      <section aria-labelledby="issue-invoice" className="flex flex-col gap-3">
        <h2 id="issue-invoice" className="text-lg font-semibold">
          Issue an invoice
        </h2>
        <IssueInvoiceForm companyId={companyId} currency={data.company.currency} />
      </section>
      <section aria-labelledby="client-invoices" className="flex flex-col gap-3">
        <h2 id="client-invoices" className="text-lg font-semibold">
          Invoices
        </h2>
        {data.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <InvoiceTable
            label={`Invoices of ${data.company.name}`}
            invoices={data.invoices}
            isStaff
            actions={(invoice) => <InvoiceRowActions invoice={invoice} />}
          />
        )}
      </section>
    </div>
  );
}
