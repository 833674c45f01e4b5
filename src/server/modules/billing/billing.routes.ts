import { z } from "zod";
import {
  ZChangePlanRequest,
  ZChangePlanResponse,
  ZGetBillingResponse,
  ZGetInvoiceResponse,
  ZRedirectResponse,
} from "../../../shared/billing-schemas";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { notFound } from "../../lib/app-error";
import { billingSettings } from "./billing-settings";
import { getBilling } from "./get-billing.service";
import { invoicePdf, readInvoice } from "./invoices/invoice-pdf.service";
import { openPortal } from "./stripe/open-portal.service";
import { billingProvider } from "./stripe/provider";
import { startCheckout } from "./stripe/start-checkout.service";
import { changePlan } from "./subscriptions/change-plan.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { CompanyScope } from "../companies/companies.service";

const tag = "Billing";
const byId = z.object({ id: z.uuid() });

export const pdfResponse = (description: string) => ({
  200: { description, content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
});

const getBillingEndpoint = endpoint({
  tag,
  access: "member",
  method: "get",
  path: "/",
  operationId: "getBilling",
  summary: "The company's plan, status, period, usage against the plan's limits and invoices",
  responses: { 200: json(ZGetBillingResponse, "The company's billing.") },
});

const getInvoiceEndpoint = endpoint({
  tag,
  access: "member",
  method: "get",
  path: "/invoices/{id}",
  operationId: "getInvoice",
  summary: "One finalized invoice of the company, with its lines and where to pay",
  request: { params: byId },
  responses: { 200: json(ZGetInvoiceResponse, "The invoice.") },
});

const invoicePdfEndpoint = endpoint({
  tag,
  access: "member",
  method: "get",
  path: "/invoices/{id}/pdf",
  operationId: "downloadInvoicePdf",
  summary: "One finalized invoice of the company as a PDF",
  request: { params: byId },
  responses: pdfResponse("The PDF, sent as a download named invoice-2026-0001.pdf."),
});

const changePlanEndpoint = endpoint({
  tag,
  access: "owner",
  method: "post",
  path: "/plan",
  operationId: "changePlan",
  summary: "Change plan: an upgrade applies now with a proration on the next invoice, a downgrade at the period's end",
  request: { body: ZChangePlanRequest.meta({ example: { planSlug: "growth" } }) },
  responses: { 200: json(ZChangePlanResponse, "The subscription after the change.") },
});

const checkoutEndpoint = endpoint({
  tag,
  access: "owner",
  method: "post",
  path: "/checkout",
  operationId: "startCheckout",
  summary: "Start paying the company's plan by card: the address of a Stripe Checkout page to go to",
  description:
    'Only when Stripe is configured (`provider: "stripe"` on GET /api/billing); 409 otherwise, when the ' +
    "company has no plan yet, or when it already pays by card. Makes the company's one Stripe customer if needed.",
  responses: { 200: json(ZRedirectResponse, "Go to `url`; Stripe sends the owner back to /billing.") },
});

const portalEndpoint = endpoint({
  tag,
  access: "owner",
  method: "post",
  path: "/portal",
  operationId: "openBillingPortal",
  summary: "Manage the card in Stripe's customer portal: the address of a portal session",
  description: "Only when Stripe is configured and the company has paid by card before; 409 otherwise.",
  responses: { 200: json(ZRedirectResponse, "Go to `url`; the portal links back to /billing.") },
});

/** The company a member endpoint answers for: its own (or the one staff are viewing); staff's own scope has none. */
export function scopedCompany(scope: CompanyScope): string {
  if (scope.all || !scope.companyId) throw notFound("Your account does not belong to a client company.");
  return scope.companyId;
}

/** A client company's own billing (mounted under /api/billing). */
export function billingRoutes({ db, config }: { db: Database; config: Config }) {
  const settings = billingSettings(config);
  const provider = billingProvider(settings);
  return createRouter()
    .openapi(getBillingEndpoint, async (c) =>
      c.json(await getBilling(db, scopedCompany(c.get("scope")), settings), 200),
    )
    .openapi(getInvoiceEndpoint, async (c) =>
      c.json({ invoice: await readInvoice(db, c.req.valid("param").id, scopedCompany(c.get("scope")), settings) }, 200),
    )
    .openapi(invoicePdfEndpoint, async (c) => {
      const { body, fileName } = await invoicePdf(db, c.req.valid("param").id, scopedCompany(c.get("scope")), settings);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(changePlanEndpoint, async (c) =>
      c.json(await changePlan(db, actorOf(c), c.get("companyId"), c.req.valid("json").planSlug), 200),
    )
    .openapi(checkoutEndpoint, async (c) =>
      c.json(await startCheckout(db, actorOf(c), c.get("companyId"), provider, settings.appUrl), 200),
    )
    .openapi(portalEndpoint, async (c) =>
      c.json(await openPortal(db, c.get("companyId"), provider, settings.appUrl), 200),
    );
}
