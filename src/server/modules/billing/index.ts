/** The billing module's one public file: what the server, its jobs and other modules use of it. */
export { billingEndpoints } from "./billing.routes";
export { mrrEndpoints } from "./mrr.routes";
export { staffCompanyBillingEndpoints, staffInvoicesEndpoints } from "./staff-billing.routes";
export { stripeWebhookEndpoints } from "./stripe-webhook.routes";
export { billingSettings } from "./billing-settings";
export { runBillingCycle } from "./subscriptions/billing-cycle.service";
export { invoiceAttachmentSources } from "./invoices/invoice-pdf.service";
export { addPendingCharge } from "./invoices/pending-charges";
export { unpaidInvoices, unpaidInvoicesJson, unpaidInvoicesFrom } from "./invoices/unpaid-invoices.service";
export { monthlyCost, monthlyCostJson, monthlyCostFrom } from "./subscriptions/monthly-cost.service";
export { planLimitsOf } from "./usage/plan-limits";
export { requestsThisMonth } from "./usage/requests-this-month";
export { invoicesIssuedBetween } from "./invoices/invoices-issued.service";
export { openPdfDocument } from "./pdf-document";
export { subscribeCompany } from "./subscriptions/subscribe-company.service";
export { changePlan, quoteChange } from "./subscriptions/change-plan.service";
export { saveBillingDetails } from "./details/billing-details.service";
export { markInvoicePaid } from "./invoices/mark-paid.service";
