import { billingSchemas } from "../../../shared/billing-schemas";
import { billingOps } from "../../../shared/operations/billing";
import { actorOf } from "../../http/actor";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
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
export function staffCompanyBillingEndpoints({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const settings = billingSettings(config);
  return [
    handle(companyBilling, async (c) =>
      c.json(await getBilling(db, c.req.valid("param").id, settings, { includeDrafts: true }), 200),
    ),
    handle(subscribe, async (c) => {
      const answer = await subscribeCompany(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings);
      mailer.nudge();
      return c.json(answer, 201);
    }),
    handle(createDraft, async (c) =>
      c.json(await createInvoice(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 201),
    ),
  ];
}

/** Staff: invoices across clients. */
export function staffInvoicesEndpoints({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const settings = billingSettings(config);
  return [
    handle(listAll, async (c) => c.json(await listInvoices(db, c.req.valid("query").filter), 200)),
    handle(getOne, async (c) =>
      c.json({ invoice: await readInvoice(db, c.req.valid("param").id, null, settings) }, 200),
    ),
    handle(pdf, async (c) => {
      const { body, fileName } = await invoicePdf(db, c.req.valid("param").id, null, settings);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    }),
    handle(addLine, async (c) =>
      c.json(await addInvoiceLine(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 200),
    ),
    handle(finalize, async (c) => {
      const answer = await finalizeInvoiceByStaff(db, actorOf(c), c.req.valid("param").id, settings);
      mailer.nudge();
      return c.json(answer, 200);
    }),
    handle(markPaid, async (c) =>
      c.json(await markInvoicePaid(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), settings), 200),
    ),
    handle(voidIt, async (c) =>
      c.json(await voidInvoice(db, actorOf(c), c.req.valid("param").id, c.req.valid("json").reason, settings), 200),
    ),
  ];
}
