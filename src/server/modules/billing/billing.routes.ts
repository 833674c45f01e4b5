import { z } from "zod";
import { billingSchemas } from "../../../shared/billing";
import { billingOps } from "../../../shared/operations/billing";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { notFound } from "../../lib/app-error";
import { saveBillingDetails } from "./details/billing-details.service";
import { getBilling } from "./get-billing.service";
import { invoicePdf, readInvoice } from "./invoices/invoice-pdf.service";
import { openPortal } from "./stripe/open-portal.service";
import { startCheckout } from "./stripe/start-checkout.service";
import { changePlan, quoteChange } from "./subscriptions/change-plan.service";
import type { CompanyScope } from "../../context/company-scope";

const member = { access: "member", tag: "Billing" } as const;
const owner = { access: "owner", tag: "Billing" } as const;

export const pdfResponse = (description: string) => ({
  200: { description, content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
});

const getBillingEndpoint = operationEndpoint({
  ...member,
  operation: billingOps.getBilling,
  schemas: billingSchemas.getBilling,
  summary: "The company's plan, status, period, usage against the plan's limits and invoices",
  ok: "The company's billing.",
});

const getInvoiceEndpoint = operationEndpoint({
  ...member,
  operation: billingOps.getInvoice,
  schemas: billingSchemas.getInvoice,
  summary: "One finalized invoice of the company, with its lines and where to pay",
  ok: "The invoice.",
});

const invoicePdfEndpoint = operationEndpoint({
  ...member,
  operation: billingOps.downloadInvoicePdf,
  schemas: billingSchemas.downloadInvoicePdf,
  summary: "One finalized invoice of the company as a PDF",
  ok: "The PDF, sent as a download named invoice-2026-0001.pdf.",
  responses: pdfResponse("The PDF, sent as a download named invoice-2026-0001.pdf."),
});

export const quoteSummary =
  "What changing to a plan would cost: the price difference, the proration now, the sentence to confirm";
export const changeSummary =
  "Change plan once the quote is confirmed: an upgrade applies now with a proration on the next invoice, a downgrade at the period's end";
export const changeConflict =
  "The subscription is canceled or paid by card through Stripe, or the confirmed amount is not the amount now (quote again).";

const quotePlanEndpoint = operationEndpoint({
  ...owner,
  operation: billingOps.quotePlanChange,
  schemas: billingSchemas.quotePlanChange,
  summary: quoteSummary,
  description: "Writes nothing. POST /api/billing/plan with the quote's `prorationMinor` makes the change.",
  ok: "The quote.",
  responses: conflictResponse("The subscription is canceled, or paid by card through Stripe."),
});

const changePlanEndpoint = operationEndpoint({
  ...owner,
  operation: billingOps.changePlan,
  schemas: billingSchemas.changePlan,
  summary: changeSummary,
  description: "The owner and the agency are mailed; the change is in the audit log.",
  ok: "The subscription after the change.",
  responses: conflictResponse(changeConflict),
});

export const detailsSummary = "Save the company's legal name, address and VAT number for its invoices";
export const detailsDescription =
  "Invoices finalized from now on carry them; issued ones keep the details they were issued with. Audited.";

const detailsEndpoint = operationEndpoint({
  ...owner,
  operation: billingOps.saveBillingDetails,
  schemas: billingSchemas.saveBillingDetails,
  summary: detailsSummary,
  description: detailsDescription,
  ok: "The saved details.",
});

const checkoutEndpoint = operationEndpoint({
  ...owner,
  operation: billingOps.startCheckout,
  schemas: billingSchemas.startCheckout,
  summary: "Start paying the company's plan by card: the address of a Stripe Checkout page to go to",
  description:
    'Only when Stripe is configured (`provider: "stripe"` on GET /api/billing); 409 otherwise, when the ' +
    "company has no plan yet, or when it already pays by card. Makes the company's one Stripe customer if needed.",
  ok: "Go to `url`; Stripe sends the owner back to /billing.",
  responses: conflictResponse(
    "Card payments are not switched on, the company has no plan yet, or it already pays by card.",
  ),
});

const portalEndpoint = operationEndpoint({
  ...owner,
  operation: billingOps.openBillingPortal,
  schemas: billingSchemas.openBillingPortal,
  summary: "Manage the card in Stripe's customer portal: the address of a portal session",
  description: "Only when Stripe is configured and the company has paid by card before; 409 otherwise.",
  ok: "Go to `url`; the portal links back to /billing.",
  responses: conflictResponse("Card payments are not switched on, or the company has no card yet."),
});

/** The company a member endpoint answers for: its own (or the one staff are viewing); staff's own scope has none. */
export function scopedCompany(scope: CompanyScope): string {
  if (scope.all || !scope.companyId) throw notFound("Your account does not belong to a client company.");
  return scope.companyId;
}

/** A client company's own billing. */
export function billingEndpoints() {
  return [
    handle(getBillingEndpoint, async (c) =>
      c.json(await getBilling(contextOf(c), { companyId: scopedCompany(c.get("scope")) }), 200),
    ),
    handle(getInvoiceEndpoint, async (c) => {
      const input = { invoiceId: c.req.valid("param").id, companyId: scopedCompany(c.get("scope")) };
      return c.json({ invoice: await readInvoice(contextOf(c), input) }, 200);
    }),
    handle(invoicePdfEndpoint, async (c) => {
      const input = { invoiceId: c.req.valid("param").id, companyId: scopedCompany(c.get("scope")) };
      const { body, fileName } = await invoicePdf(contextOf(c), input);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    }),
    handle(quotePlanEndpoint, async (c) =>
      c.json(await quoteChange(contextOf(c), { companyId: c.get("companyId"), ...c.req.valid("query") }), 200),
    ),
    handle(changePlanEndpoint, async (c) =>
      c.json(
        await changePlan(actorContextOf(c), { companyId: c.get("companyId"), by: "owner", ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(detailsEndpoint, async (c) =>
      c.json(
        await saveBillingDetails(actorContextOf(c), { companyId: c.get("companyId"), ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(checkoutEndpoint, async (c) =>
      c.json(await startCheckout(actorContextOf(c), { companyId: c.get("companyId") }), 200),
    ),
    handle(portalEndpoint, async (c) => c.json(await openPortal(contextOf(c), { companyId: c.get("companyId") }), 200)),
  ];
}
