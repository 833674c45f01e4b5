import { FileText, Mail } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { screenPath } from "../../../shared/routes";
import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { useMe } from "../../features/account/api/get-me";
import { useBilling } from "../../features/billing/api/get-billing";
import { BillingDetailsForm } from "../../features/billing/components/billing-details-form";
import { CardPayment } from "../../features/billing/components/card-payment";
import { ChangePlanForm } from "../../features/billing/components/change-plan-form";
import { InvoiceTable } from "../../features/billing/components/invoice-table";
import { PayTo } from "../../features/billing/components/pay-to";
import { SubscriptionSummary } from "../../features/billing/components/subscription-summary";
import { UpcomingInvoice } from "../../features/billing/components/upcoming-invoice";
import { HoursThisMonth } from "../../features/hours/components/hours-this-month";
import { usePlans } from "../../features/pricing/api/pricing-query";
import { PlanList } from "../../features/pricing/components/plan-list";
import { toApiError } from "../../lib/api";

/** Staff have no plan of their own: they bill clients from the client detail and the invoices list. */
function StaffBilling() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Clients are billed from the console</CardTitle>
        <CardDescription>
          Put a client on a plan and issue invoices from the client's Billing tab; follow payments in the invoices list.
        </CardDescription>
        <Link to="/admin/invoices" className={buttonClasses("default", "default", "mt-2 self-start")}>
          Open the invoices list
        </Link>
      </CardHeader>
    </Card>
  );
}

/** No subscription yet: say so honestly, with the plans on sale and how to choose one. */
function NoPlan() {
  return (
    <>
      <Card className="mb-8">
        <CardHeader>
          <CardTitle>No plan yet</CardTitle>
          <CardDescription>
            Your company is not on a paid plan, and the agency has not sent you an invoice. Tell us which plan suits you
            and we set it up with you: your request opens a billing ticket, answered here in the portal.
          </CardDescription>
          <Link
            to={screenPath("/support", { request: "plan" })}
            className={buttonClasses("default", "default", "mt-2 self-start")}
          >
            <Mail aria-hidden /> Talk to us about a plan
          </Link>
        </CardHeader>
      </Card>
      <h2 className="mb-3 text-lg font-semibold">Plans</h2>
      <PlanList
        action={(plan) => (
          <Link
            to={screenPath("/support", { request: "plan", plan: plan.slug })}
            className={buttonClasses("outline", "sm")}
          >
            Ask about {plan.name}
          </Link>
        )}
      />
    </>
  );
}

export function Component() {
  const me = useMe();
  const isStaff = me.data?.user.role === "admin" && !me.data.viewingAs;
  const billing = useBilling(Boolean(me.data) && !isStaff);
  const plans = usePlans();
  const readOnly = useReadOnly();
  // Staff viewing as the client see the owner's screen, without its changes.
  const isOwner = me.data?.company?.role === "owner" && !readOnly;
  const [search] = useSearchParams();
  const header = <PageHeader title="Billing" description="Your plan, its usage and your invoices." />;
  if (isStaff)
    return (
      <>
        {header}
        <StaffBilling />
      </>
    );
  if (billing.isError)
    return (
      <>
        {header}
        <Alert tone="error">{toApiError(billing.error).message}</Alert>
      </>
    );
  if (!billing.data)
    return (
      <>
        {header}
        <p className="text-muted-foreground">Loading...</p>
      </>
    );
  const data = billing.data;
  return (
    <>
      {header}
      {search.get("checkout") === "done" ? (
        <Alert tone="success" className="mb-6">
          Thank you: Stripe has your card. Your plan shows as paid by card as soon as Stripe confirms it.
        </Alert>
      ) : null}
      {data.subscription ? (
        <SubscriptionBlock
          data={data}
          subscription={data.subscription}
          isOwner={isOwner}
          readOnly={readOnly}
          plans={plans.data}
        />
      ) : (
        <NoPlan />
      )}
      {data.subscription ? (
        <div className="mt-6">
          <HoursThisMonth canDecide={isOwner} />
        </div>
      ) : null}
      {data.subscription || data.upcoming ? (
        <div className="mt-6">
          <UpcomingInvoice upcoming={data.upcoming} />
        </div>
      ) : null}
      {data.subscription || data.invoices.length > 0 ? <Invoices data={data} /> : null}
      <div className="mt-8">
        <BillingDetailsForm details={data.billingDetails} required={data.billingDetailsRequired} readOnly={!isOwner} />
      </div>
    </>
  );
}

type Billing = NonNullable<ReturnType<typeof useBilling>["data"]>;

/** The plan the company is on, its card, and the change of plan its owner may make. */
function SubscriptionBlock({
  data,
  subscription,
  isOwner,
  readOnly,
  plans,
}: {
  data: Billing;
  subscription: NonNullable<Billing["subscription"]>;
  isOwner: boolean;
  readOnly: string | null;
  plans: ReturnType<typeof usePlans>["data"];
}) {
  return (
    <div className="flex flex-col gap-6">
      <SubscriptionSummary billing={data} />
      {isOwner ? <CardPayment billing={data} /> : null}
      {isOwner && subscription.status !== "canceled" && subscription.provider !== "stripe" && plans ? (
        <ChangePlanForm subscription={subscription} plans={plans} />
      ) : readOnly ? (
        <ReadOnlyNote action="Changing the plan or the card" />
      ) : !isOwner ? (
        <p className="text-sm text-muted-foreground">Only your company's owner can change the plan.</p>
      ) : null}
    </div>
  );
}

function Invoices({ data }: { data: Billing }) {
  return (
    <section aria-labelledby="invoices" className="mt-8 flex flex-col gap-3">
      <h2 id="invoices" className="text-lg font-semibold">
        Invoices
      </h2>
      <PayTo payTo={data.payTo} />
      {data.invoices.length === 0 ? (
        <EmptyState icon={<FileText aria-hidden />} title="No invoices yet">
          Your invoices appear here when the agency issues them.
        </EmptyState>
      ) : (
        <InvoiceTable label="Your invoices" invoices={data.invoices} />
      )}
    </section>
  );
}
