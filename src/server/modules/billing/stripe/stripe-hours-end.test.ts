import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetBillingResponse } from "../../../../shared/billing";
import { invoiceLine, subscription } from "../../../db/schema/billing";
import { hoursSettlement, timeEntry } from "../../../db/schema/hours";
import { as } from "../../../test/given";
import { setClientHoursTerms } from "../../hours/hours-terms.service";
import { createTimeEntry } from "../../hours/time-entries.service";
import { readInvoice } from "../invoices/invoice-pdf.service";
import { runBillingCycle } from "../subscriptions/billing-cycle.service";
import { providerOf } from "./provider";
import { hoursInvoiceKey, hoursItemKey } from "./stripe-hours-items";
import { stripeHoursKit, type StripeHoursKit } from "./stripe-hours-test-kit";
import { stripeSubscriptionObject, type StripeStandIn } from "./stripe-stand-in";
import type { BillingTestKit } from "../billing-test-kit";

const DAY = 86_400_000;
let kit: BillingTestKit;
let stripe: StripeStandIn;
let companyId: string;
let growthId: string;
const today = new Date(new Date().toISOString().slice(0, 10));
/** Noon UTC, `days` days ago: whole seconds, as Stripe sends them, and far from any day's edge. */
const noonDaysAgo = (days: number) => new Date(today.getTime() - days * DAY + 12 * 3_600_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// The first subscription: canceled at the end of a period 80 to 50 days ago.
const lastStart = noonDaysAgo(80);
const lastEnd = noonDaysAgo(50);
// The second: started 10 days ago, deleted at once 5 days ago.
const secondStart = noonDaysAgo(10);
const deletedAt = noonDaysAgo(5);

let hoursKit: StripeHoursKit;
beforeAll(async () => {
  hoursKit = await stripeHoursKit("stripehoursend", "cus_end");
  ({ kit, stripe, companyId, growthId } = hoursKit);
}, 180_000);
afterAll(() => hoursKit.close());

const staffAt = (now?: Date) => hoursKit.staffAt(now);
const post = (type: string, object: object) => hoursKit.post(type, object);
const stripeSub = (input: {
  id: string;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date;
  collectionMethod?: "charge_automatically" | "send_invoice";
}) => stripeSubscriptionObject({ customer: "cus_end", planId: growthId, companyId, ...input });
const settlementOf = async (periodStart: Date) => {
  const rows = await kit.t.db
    .select()
    .from(hoursSettlement)
    .where(and(eq(hoursSettlement.companyId, companyId), eq(hoursSettlement.periodStart, periodStart)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const logTime = (day: Date, minutes: number, description: string) =>
  createTimeEntry(staffAt(new Date(day.getTime() + 3_600_000)), {
    companyId,
    day: isoDay(day),
    minutes,
    description,
    internalNote: null,
    billable: true,
  });
const billing = async () => ZGetBillingResponse.parse(await (await as(kit.owner, "/api/billing")).json());

describe("the last period of a Stripe subscription that ends", () => {
  test("canceled at the period's end: the period is settled once, then one invoice item and one invoice of its own, even after a killed job and with two instances", async () => {
    const ending = { id: "sub_last", periodStart: lastStart, periodEnd: lastEnd, cancelAtPeriodEnd: true };
    expect((await post("customer.subscription.updated", stripeSub({ ...ending, status: "active" }))).status).toBe(200);
    await logTime(noonDaysAgo(53), 270, "Rebuilt the invoice sync");
    const deleted = stripeSub({ ...ending, status: "canceled", endedAt: lastEnd });
    expect((await post("customer.subscription.deleted", deleted)).status).toBe(200);
    // Stripe tells it again (another event): nothing more is settled.
    expect((await post("customer.subscription.deleted", deleted)).status).toBe(200);
    const settled = await settlementOf(lastStart);
    expect(settled).toMatchObject({
      periodEnd: lastEnd,
      usedMinutes: 270,
      overageMinutes: 210,
      amountMinor: 33_250,
      sendToStripe: true,
      stripeEndCollection: "charge_automatically",
      stripeInvoiceItemId: null,
      stripeInvoiceId: null,
    });
    const [sub] = await kit.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
    expect(sub!.status).toBe("canceled");

    // A pass killed after Stripe made the item and the invoice, before either id was stored.
    const card = providerOf(kit.t.context({})).card!;
    const itemKey = hoursItemKey(companyId, lastStart);
    const invoiceKey = hoursInvoiceKey(companyId, lastStart);
    const itemId = await card.createInvoiceItem({
      customerId: "cus_end",
      amountMinor: 33_250,
      currency: "EUR",
      description: "Extra hours: 3h 30m × €95.00",
      idempotencyKey: itemKey,
      metadata: { companyId, hoursSettlementId: settled.id },
    });
    const invoiceId = await card.invoicePendingItems({
      customerId: "cus_end",
      collectionMethod: "charge_automatically",
      daysUntilDue: 14,
      description: `Extra hours of the last period, which ended on ${isoDay(lastEnd)}`,
      idempotencyKey: invoiceKey,
      metadata: { companyId, hoursSettlementId: settled.id },
    });
    await Promise.all([runBillingCycle(kit.t.context({})), runBillingCycle(kit.t.context({}))]);
    await runBillingCycle(kit.t.context({}));

    expect(new Set(stripe.callsTo("POST", "/v1/invoiceitems").map((call) => call.idempotencyKey))).toEqual(
      new Set([itemKey]),
    );
    expect(stripe.invoiceItems.size).toBe(1);
    expect(stripe.invoices.size).toBe(1);
    const made = stripe.invoices.get(invoiceId)!;
    expect(made).toMatchObject({
      customer: "cus_end",
      collection_method: "charge_automatically",
      auto_advance: true,
      amount_due: 33_250,
    });
    expect(made.lines.data.map((line) => line.description)).toEqual(["Extra hours: 3h 30m × €95.00"]);
    const asked = stripe.callsTo("POST", "/v1/invoices")[0]!;
    expect(asked.form.get("pending_invoice_items_behavior")).toBe("include");
    expect(asked.form.get("days_until_due")).toBeNull();
    expect(await settlementOf(lastStart)).toMatchObject({ stripeInvoiceItemId: itemId, stripeInvoiceId: invoiceId });
  });

  test("the paid one-off invoice joins the client's invoices with the extra hours line and the entries behind it", async () => {
    const settled = await settlementOf(lastStart);
    const res = await post("invoice.paid", {
      id: settled.stripeInvoiceId,
      object: "invoice",
      customer: "cus_end",
      currency: "eur",
      number: "STRIPE-0077",
      total: 33_250,
      amount_paid: 33_250,
      total_taxes: [],
      parent: null,
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: "il_last",
            amount: 33_250,
            description: "Extra hours: 3h 30m × €95.00",
            parent: {
              type: "invoice_item_details",
              invoice_item_details: { invoice_item: settled.stripeInvoiceItemId },
              subscription_item_details: null,
            },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const paid = (await billing()).invoices.find((item) => item.status === "paid")!;
    const lines = await kit.t.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, paid.id));
    expect(lines.map((line) => [line.kind, line.description, line.amountMinor])).toEqual([
      ["hours", "Extra hours: 3h 30m × €95.00", 33_250],
    ]);
    const read = await readInvoice(kit.t.context({}), { invoiceId: paid.id, companyId });
    expect(read.hoursEntries?.map((entry) => [entry.description, entry.minutes])).toEqual([
      ["Rebuilt the invoice sync", 270],
    ]);
  });

  test("deleted at once: the preview showed the approved hours accruing; the period up to that day is billed once, approved time only", async () => {
    await setClientHoursTerms(staffAt(), {
      companyId,
      override: {
        includedMinutes: 60,
        overageRateMinor: 9500,
        hoursRollover: false,
        rolloverCapMinutes: 0,
        overageNeedsApproval: true,
      },
    });
    const running = {
      id: "sub_second",
      periodStart: secondStart,
      periodEnd: new Date(secondStart.getTime() + 30 * DAY),
      collectionMethod: "send_invoice" as const,
    };
    expect((await post("customer.subscription.created", stripeSub({ ...running, status: "active" }))).status).toBe(200);
    const decide = (decision: string, confirmedMinutes: number) =>
      as(kit.owner, "/api/hours/approval", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ decision, confirmedMinutes }),
      });
    await logTime(noonDaysAgo(9), 120, "Connected the CRM");
    expect((await decide("approve", 60)).status).toBe(200);
    await logTime(noonDaysAgo(8), 30, "Extra report");
    expect((await decide("decline", 30)).status).toBe(200);
    const lastDayEntry = await logTime(deletedAt, 20, "Handover notes");

    // The client's next invoice, as Stripe-paid: the approved hour accruing, the awaiting time apart.
    const preview = (await billing()).upcoming!;
    expect(preview.issuesOn).toBeNull();
    expect(preview.lines).toEqual([
      {
        kind: "hours",
        description: "Extra hours: 1h × €95.00",
        amountMinor: 9500,
        accruing: { billedBy: "card", awaitingMinutes: 20 },
      },
    ]);

    const deleted = stripeSub({ ...running, status: "canceled", endedAt: deletedAt });
    expect((await post("customer.subscription.deleted", deleted)).status).toBe(200);
    const settled = await settlementOf(secondStart);
    expect(settled).toMatchObject({
      periodEnd: deletedAt,
      usedMinutes: 140,
      overageMinutes: 60,
      amountMinor: 9500,
      stripeEndCollection: "send_invoice",
      stripeDaysUntilDue: 14,
    });
    // The day it ended on belongs to the settled period: its entry is locked with it.
    const [entry] = await kit.t.db.select().from(timeEntry).where(eq(timeEntry.id, lastDayEntry.id));
    expect(entry!.settlementId).toBe(settled.id);
    expect((await billing()).upcoming?.lines.some((line) => line.kind === "hours") ?? false).toBe(false);

    await Promise.all([runBillingCycle(kit.t.context({})), runBillingCycle(kit.t.context({}))]);
    await runBillingCycle(kit.t.context({}));
    const key = hoursInvoiceKey(companyId, secondStart);
    const asked = stripe.callsTo("POST", "/v1/invoices").filter((call) => call.idempotencyKey === key);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.form.get("collection_method")).toBe("send_invoice");
    expect(asked[0]!.form.get("days_until_due")).toBe("14");
    expect(stripe.invoiceItems.size).toBe(2);
    expect(stripe.invoices.size).toBe(2);
    const stored = await settlementOf(secondStart);
    const made = stripe.invoices.get(stored.stripeInvoiceId!)!;
    expect(made.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ["Extra hours: 1h × €95.00", 9500],
    ]);
    expect(stripe.invoiceItems.get(stored.stripeInvoiceItemId!)?.invoice).toBe(made.id);
  });
});
