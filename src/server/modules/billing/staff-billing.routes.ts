import { z } from "zod";
import {
  ZAddInvoiceLineRequest,
  ZCreateInvoiceRequest,
  ZGetBillingResponse,
  ZGetInvoiceResponse,
  ZListInvoicesQuery,
  ZListInvoicesResponse,
  ZMarkPaidRequest,
  ZSubscribeCompanyRequest,
  ZSubscriptionResponse,
  ZVoidInvoiceRequest,
} from "../../../shared/billing-schemas";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { billingSettings } from "./billing-settings";
import { pdfResponse } from "./billing.routes";
import { getBilling } from "./get-billing.service";
import { addInvoiceLine } from "./invoices/add-invoice-line.service";
import { createInvoice } from "./invoices/create-invoice.service";
import { finalizeInvoiceByStaff } from "./invoices/finalize-invoice.service";
import { invoicePdf, readInvoice } from "./invoices/invoice-pdf.service";
import { listInvoices } from "./invoices/list-invoices.service";
import { markInvoicePaid } from "./invoices/mark-paid.service";
import { voidInvoice } from "./invoices/void-invoice.service";
import { subscribeCompany } from "./subscriptions/subscribe-company.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const staff = { access: "staff", tag: "Staff: billing" } as const;
const byId = z.object({ id: z.uuid() });
const invoiceAnswer = json(ZGetInvoiceResponse, "The invoice after the change.");

const companyBilling = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/billing",
  operationId: "getClientBilling",
  summary: "A client company's subscription, usage and invoices, drafts included",
  request: { params: byId },
  responses: { 200: json(ZGetBillingResponse, "The company's billing.") },
});
const subscribe = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/subscription",
  operationId: "subscribeCompany",
  summary: "Put a client company on a plan, with or without a trial",
  description: "Without a trial the first period's invoice is issued and mailed with its PDF at once.",
  request: {
    params: byId,
    body: ZSubscribeCompanyRequest.meta({ example: { planSlug: "starter", interval: "monthly", trialDays: 0 } }),
  },
  responses: { 201: json(ZSubscriptionResponse, "The subscription.") },
});
const createDraft = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/invoices",
  operationId: "createInvoice",
  summary: "Start a draft invoice for a client company",
  request: { params: byId, body: ZCreateInvoiceRequest.meta({ example: { taxRatePercent: 21 } }) },
  responses: { 201: json(ZGetInvoiceResponse, "The draft.") },
});
const listAll = endpoint({
  ...staff,
  method: "get",
  path: "/",
  operationId: "listInvoices",
  summary: "Invoices across clients, newest first: all, open, overdue, paid, draft or void",
  request: { query: ZListInvoicesQuery },
  responses: { 200: json(ZListInvoicesResponse, "The invoices.") },
});
const getOne = endpoint({
  ...staff,
  method: "get",
  path: "/{id}",
  operationId: "getStaffInvoice",
  summary: "One invoice, drafts included",
  request: { params: byId },
  responses: { 200: json(ZGetInvoiceResponse, "The invoice.") },
});
const pdf = endpoint({
  ...staff,
  method: "get",
  path: "/{id}/pdf",
  operationId: "downloadStaffInvoicePdf",
  summary: "One invoice as a PDF",
  request: { params: byId },
  responses: pdfResponse("The PDF."),
});
const addLine = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/lines",
  operationId: "addInvoiceLine",
  summary: "Add a one-off line to a draft",
  request: {
    params: byId,
    body: ZAddInvoiceLineRequest.meta({ example: { description: "Extra workshop", amountMinor: 45000 } }),
  },
  responses: { 200: invoiceAnswer },
});
const finalize = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/finalize",
  operationId: "finalizeInvoice",
  summary: "Finalize a draft: it takes the next number and is mailed to the owner with its PDF",
  request: { params: byId },
  responses: { 200: invoiceAnswer },
});
const markPaid = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/payment",
  operationId: "markInvoicePaid",
  summary: "Record the payment of an open invoice (amount, date, reference)",
  request: {
    params: byId,
    body: ZMarkPaidRequest.meta({
      example: { amountMinor: 49000, paidOn: "2026-11-30", reference: "Bank transfer 8812" },
    }),
  },
  responses: { 200: invoiceAnswer },
});
const voidIt = endpoint({
  ...staff,
  method: "post",
  path: "/{id}/void",
  operationId: "voidInvoice",
  summary: "Void an invoice with a reason; it keeps its number",
  request: { params: byId, body: ZVoidInvoiceRequest.meta({ example: { reason: "Issued to the wrong company" } }) },
  responses: { 200: invoiceAnswer },
});

/** Staff: a client's subscription and invoices (mounted under /api/staff/companies). */
export function staffCompanyBillingRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const settings = billingSettings(config);
  return createRouter()
    .openapi(companyBilling, async (c) =>
      c.json(await getBilling(db, c.req.valid("param").id, settings, { includeDrafts: true }), 200),
    )
    .openapi(subscribe, async (c) => {
      const answer = await subscribeCompany(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings);
      mailer.nudge();
      return c.json(answer, 201);
    })
    .openapi(createDraft, async (c) =>
      c.json(await createInvoice(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 201),
    );
}

/** Staff: invoices across clients (mounted under /api/staff/invoices). */
export function staffInvoicesRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const settings = billingSettings(config);
  return createRouter()
    .openapi(listAll, async (c) => c.json(await listInvoices(db, c.req.valid("query").filter), 200))
    .openapi(getOne, async (c) =>
      c.json({ invoice: await readInvoice(db, c.req.valid("param").id, null, settings) }, 200),
    )
    .openapi(pdf, async (c) => {
      const { body, fileName } = await invoicePdf(db, c.req.valid("param").id, null, settings);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(addLine, async (c) =>
      c.json(await addInvoiceLine(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 200),
    )
    .openapi(finalize, async (c) => {
      const answer = await finalizeInvoiceByStaff(db, actorOf(c), c.req.valid("param").id, settings);
      mailer.nudge();
      return c.json(answer, 200);
    })
    .openapi(markPaid, async (c) =>
      c.json(await markInvoicePaid(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 200),
    )
    .openapi(voidIt, async (c) =>
      c.json(await voidInvoice(db, actorOf(c), c.req.valid("param").id, c.req.valid("json").reason, settings), 200),
    );
}
