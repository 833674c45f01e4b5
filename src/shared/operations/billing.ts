import { operations } from "../api-operation";
import type { BillingSchemas } from "../billing";

export const billingOps = operations<BillingSchemas>()({
  getBilling: "GET /api/billing",
  getInvoice: "GET /api/billing/invoices/{id}",
  downloadInvoicePdf: "GET /api/billing/invoices/{id}/pdf",
  changePlan: "POST /api/billing/plan",
  startCheckout: "POST /api/billing/checkout",
  openBillingPortal: "POST /api/billing/portal",
  receiveStripeEvent: "POST /api/billing/stripe/webhook",
  getClientBilling: "GET /api/staff/companies/{id}/billing",
  subscribeCompany: "POST /api/staff/companies/{id}/subscription",
  createInvoice: "POST /api/staff/companies/{id}/invoices",
  listInvoices: "GET /api/staff/invoices",
  getStaffInvoice: "GET /api/staff/invoices/{id}",
  downloadStaffInvoicePdf: "GET /api/staff/invoices/{id}/pdf",
  addInvoiceLine: "POST /api/staff/invoices/{id}/lines",
  finalizeInvoice: "POST /api/staff/invoices/{id}/finalize",
  markInvoicePaid: "POST /api/staff/invoices/{id}/payment",
  voidInvoice: "POST /api/staff/invoices/{id}/void",
  getMrr: "GET /api/staff/billing/mrr",
});
