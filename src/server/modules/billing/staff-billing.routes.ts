import { billingSchemas } from "../../../shared/billing";
import { billingOps } from "../../../shared/operations/billing";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import {
  changeConflict,
  changeSummary,
  detailsDescription,
  detailsSummary,
  pdfResponse,
  quoteSummary,
} from "./billing.routes";
import { saveBillingDetails } from "./details/billing-details.service";
import { getBilling } from "./get-billing.service";
import { addInvoiceLine } from "./invoices/add-invoice-line.service";
import { createInvoice } from "./invoices/create-invoice.service";
import { issueCreditNote } from "./invoices/credit-note.service";
import { finalizeInvoiceByStaff } from "./invoices/finalize-invoice.service";
import { invoicePdf, readInvoice } from "./invoices/invoice-pdf.service";
import { listInvoices } from "./invoices/list-invoices.service";
import { markInvoicePaid } from "./invoices/mark-paid.service";
import { voidInvoice } from "./invoices/void-invoice.service";
import { changePlan, quoteChange } from "./subscriptions/change-plan.service";
import {
  cancelSubscription,
  endTrial,
  extendTrial,
  resumeSubscription,
} from "./subscriptions/staff-subscription.service";
import { subscribeCompany } from "./subscriptions/subscribe-company.service";

const staff = { access: "staff", tag: "Staff: billing" } as const;
const invoiceAnswer = "The invoice after the change.";

const companyBilling = operationEndpoint({
  ...staff,
  operation: billingOps.getClientBilling,
  schemas: billingSchemas.getClientBilling,
  summary: "A client company's subscription, usage and invoices, drafts included",
  ok: "The company's billing.",
});
const subscribe = operationEndpoint({
  ...staff,
  operation: billingOps.subscribeCompany,
  schemas: billingSchemas.subscribeCompany,
  summary: "Put a client company on a plan, with or without a trial",
  description: "Without a trial the first period's invoice is issued and mailed with its PDF at once.",
  ok: "The subscription.",
  okStatus: 201,
  responses: conflictResponse("The company already has a subscription that is not canceled."),
});
const quoteClientPlan = operationEndpoint({
  ...staff,
  operation: billingOps.quoteClientPlanChange,
  schemas: billingSchemas.quoteClientPlanChange,
  summary: quoteSummary,
  ok: "The quote.",
  responses: conflictResponse("The subscription is canceled, or paid by card through Stripe."),
});
const changeClientPlan = operationEndpoint({
  ...staff,
  operation: billingOps.changeClientPlan,
  schemas: billingSchemas.changeClientPlan,
  summary: changeSummary,
  description: "The owner and the agency are mailed; the change is in the audit log.",
  ok: "The subscription after the change.",
  responses: conflictResponse(changeConflict),
});
const subscriptionAnswer = "The subscription after the change.";
const endTrialNow = operationEndpoint({
  ...staff,
  operation: billingOps.endTrial,
  schemas: billingSchemas.endTrial,
  summary: "End a trial now: the first paid period starts today and its invoice is issued and mailed",
  ok: subscriptionAnswer,
  responses: conflictResponse("The company is not on a trial, or pays by card through Stripe."),
});
const extendTrialBy = operationEndpoint({
  ...staff,
  operation: billingOps.extendTrial,
  schemas: billingSchemas.extendTrial,
  summary: "Extend a trial by 1 to 90 days: the first invoice moves with its end",
  ok: subscriptionAnswer,
  responses: conflictResponse("The company is not on a trial, or pays by card through Stripe."),
});
const cancel = operationEndpoint({
  ...staff,
  operation: billingOps.cancelSubscription,
  schemas: billingSchemas.cancelSubscription,
  summary: "Cancel at the period's end (nothing more is billed after it) or now",
  description:
    "Canceling now ends the plan today: the period already invoiced is not refunded and nothing more is billed; " +
    "a refund is a credit note on that invoice. The owner and the agency are mailed.",
  ok: subscriptionAnswer,
  responses: conflictResponse("The subscription is already canceled or ending, or pays by card through Stripe."),
});
const resume = operationEndpoint({
  ...staff,
  operation: billingOps.resumeSubscription,
  schemas: billingSchemas.resumeSubscription,
  summary: "Call off a cancellation at the period's end: the plan renews as before",
  ok: subscriptionAnswer,
  responses: conflictResponse("The subscription is not set to end with this period."),
});
const clientDetails = operationEndpoint({
  ...staff,
  operation: billingOps.saveClientBillingDetails,
  schemas: billingSchemas.saveClientBillingDetails,
  summary: detailsSummary,
  description: detailsDescription,
  ok: "The saved details.",
});
const creditNote = operationEndpoint({
  ...staff,
  operation: billingOps.issueCreditNote,
  schemas: billingSchemas.issueCreditNote,
  summary:
    "Credit part or all of an open or paid invoice with a numbered credit note (CN-2026-0001), mailed with its PDF",
  ok: "The credit note.",
  okStatus: 201,
  responses: conflictResponse("The invoice is a draft, void, or a credit note itself."),
});
const createDraft = operationEndpoint({
  ...staff,
  operation: billingOps.createInvoice,
  schemas: billingSchemas.createInvoice,
  summary: "Start a draft invoice for a client company",
  ok: "The draft.",
  okStatus: 201,
});
const listAll = operationEndpoint({
  ...staff,
  operation: billingOps.listInvoices,
  schemas: billingSchemas.listInvoices,
  summary: "Invoices across clients, newest first: all, open, overdue, paid, draft or void",
  ok: "The invoices.",
});
const getOne = operationEndpoint({
  ...staff,
  operation: billingOps.getStaffInvoice,
  schemas: billingSchemas.getStaffInvoice,
  summary: "One invoice, drafts included",
  ok: "The invoice.",
});
const pdf = operationEndpoint({
  ...staff,
  operation: billingOps.downloadStaffInvoicePdf,
  schemas: billingSchemas.downloadStaffInvoicePdf,
  summary: "One invoice as a PDF",
  ok: "The PDF.",
  responses: pdfResponse("The PDF."),
});
const addLine = operationEndpoint({
  ...staff,
  operation: billingOps.addInvoiceLine,
  schemas: billingSchemas.addInvoiceLine,
  summary: "Add a one-off line to a draft",
  ok: invoiceAnswer,
  responses: conflictResponse("The invoice is not a draft."),
});
const finalize = operationEndpoint({
  ...staff,
  operation: billingOps.finalizeInvoice,
  schemas: billingSchemas.finalizeInvoice,
  summary: "Finalize a draft: it takes the next number and is mailed to the owner with its PDF",
  ok: invoiceAnswer,
  responses: conflictResponse("The invoice is not a draft."),
});
const markPaid = operationEndpoint({
  ...staff,
  operation: billingOps.markInvoicePaid,
  schemas: billingSchemas.markInvoicePaid,
  summary: "Record the payment of an open invoice (amount, date, reference)",
  ok: invoiceAnswer,
  responses: conflictResponse("The invoice is not open."),
});
const voidIt = operationEndpoint({
  ...staff,
  operation: billingOps.voidInvoice,
  schemas: billingSchemas.voidInvoice,
  summary: "Void an invoice with a reason; it keeps its number",
  ok: invoiceAnswer,
  responses: conflictResponse("The invoice is already paid or void."),
});

/** Staff: a client's subscription and invoices. */
export function staffCompanyBillingEndpoints() {
  return [
    handle(companyBilling, async (c) =>
      c.json(await getBilling(contextOf(c), { companyId: c.req.valid("param").id, includeDrafts: true }), 200),
    ),
    handle(subscribe, async (c) =>
      c.json(
        await subscribeCompany(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        201,
      ),
    ),
    handle(quoteClientPlan, async (c) =>
      c.json(await quoteChange(contextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("query") }), 200),
    ),
    handle(changeClientPlan, async (c) =>
      c.json(
        await changePlan(actorContextOf(c), {
          companyId: c.req.valid("param").id,
          by: "staff",
          ...c.req.valid("json"),
        }),
        200,
      ),
    ),
    handle(endTrialNow, async (c) =>
      c.json(await endTrial(actorContextOf(c), { companyId: c.req.valid("param").id }), 200),
    ),
    handle(extendTrialBy, async (c) =>
      c.json(await extendTrial(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }), 200),
    ),
    handle(cancel, async (c) =>
      c.json(
        await cancelSubscription(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(resume, async (c) =>
      c.json(await resumeSubscription(actorContextOf(c), { companyId: c.req.valid("param").id }), 200),
    ),
    handle(clientDetails, async (c) =>
      c.json(
        await saveBillingDetails(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(createDraft, async (c) =>
      c.json(
        await createInvoice(actorContextOf(c), { companyId: c.req.valid("param").id, ...c.req.valid("json") }),
        201,
      ),
    ),
  ];
}

/** Staff: invoices across clients. */
export function staffInvoicesEndpoints() {
  return [
    handle(listAll, async (c) => c.json(await listInvoices(contextOf(c), c.req.valid("query").filter), 200)),
    handle(getOne, async (c) =>
      c.json(
        { invoice: await readInvoice(contextOf(c), { invoiceId: c.req.valid("param").id, companyId: null }) },
        200,
      ),
    ),
    handle(pdf, async (c) => {
      const input = { invoiceId: c.req.valid("param").id, companyId: null };
      const { body, fileName } = await invoicePdf(contextOf(c), input);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    }),
    handle(addLine, async (c) =>
      c.json(
        await addInvoiceLine(actorContextOf(c), { invoiceId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(finalize, async (c) =>
      c.json(await finalizeInvoiceByStaff(actorContextOf(c), { invoiceId: c.req.valid("param").id }), 200),
    ),
    handle(markPaid, async (c) =>
      c.json(
        await markInvoicePaid(actorContextOf(c), { invoiceId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
    ),
    handle(creditNote, async (c) =>
      c.json(
        await issueCreditNote(actorContextOf(c), { invoiceId: c.req.valid("param").id, ...c.req.valid("json") }),
        201,
      ),
    ),
    handle(voidIt, async (c) =>
      c.json(await voidInvoice(actorContextOf(c), { invoiceId: c.req.valid("param").id, ...c.req.valid("json") }), 200),
    ),
  ];
}
