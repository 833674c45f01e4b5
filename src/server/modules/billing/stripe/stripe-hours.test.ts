import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetBillingResponse } from "../../../../shared/billing";
import { invoiceLine, pendingCharge } from "../../../db/schema/billing";
import { hoursSettlement, timeEntry } from "../../../db/schema/hours";
import { as } from "../../../test/given";
import { createTimeEntry, LOCKED_ENTRY, updateTimeEntry } from "../../hours/time-entries.service";
import { readInvoice } from "../invoices/invoice-pdf.service";
import { runBillingCycle } from "../subscriptions/billing-cycle.service";
import { providerOf } from "./provider";
import { hoursItemKey } from "./stripe-hours-items";
import { stripeHoursKit, type StripeHoursKit } from "./stripe-hours-test-kit";
import { stripeSubscriptionObject, type StripeStandIn } from "./stripe-stand-in";
import type { BillingTestKit } from "../billing-test-kit";

const DAY = 86_400_000;
let kit: BillingTestKit;
let stripe: StripeStandIn;
let companyId: string;
let growthId: string;
// The first Stripe period ended an hour ago; the renewal starts the next one.
// Whole seconds, as Stripe sends them.
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
const firstStart = wholeSeconds(Date.now() - 31 * DAY);
const renewedAt = wholeSeconds(Date.now() - 3_600_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

let hoursKit: StripeHoursKit;
beforeAll(async () => {
  hoursKit = await stripeHoursKit("stripehours", "cus_hours");
  ({ kit, stripe, companyId, growthId } = hoursKit);
}, 180_000);
afterAll(() => hoursKit.close());

const staffNow = (now?: Date) => hoursKit.staffAt(now);
const post = (type: string, object: object) => hoursKit.post(type, object);
const stripeSub = (periodStart: Date, periodEnd: Date) =>
  stripeSubscriptionObject({
    id: "sub_hours",
    customer: "cus_hours",
    status: "active",
    planId: growthId,
    companyId,
    periodStart,
    periodEnd,
  });
const settlements = () => kit.t.db.select().from(hoursSettlement).where(eq(hoursSettlement.companyId, companyId));

describe("extra hours of a Stripe-paid company", () => {
  test("the renewal settles the period once; the overage becomes one Stripe invoice item, even after a crash and with two instances", async () => {
    expect((await post("customer.subscription.updated", stripeSub(firstStart, renewedAt))).status).toBe(200);
    const worked = await createTimeEntry(staffNow(new Date(renewedAt.getTime() - 2 * DAY)), {
      companyId,
      day: isoDay(new Date(renewedAt.getTime() - 2 * DAY)),
      minutes: 270,
      description: "Rebuilt the invoice sync",
      internalNote: null,
      billable: true,
    });
    const renewed = stripeSub(renewedAt, new Date(renewedAt.getTime() + 30 * DAY));
    expect((await post("customer.subscription.updated", renewed)).status).toBe(200);
    // Stripe sends the same renewal again: nothing more is settled.
    expect((await post("customer.subscription.updated", renewed)).status).toBe(200);
    const [settled, ...more] = await settlements();
    expect(more).toEqual([]);
    expect(settled).toMatchObject({
      periodStart: firstStart,
      usedMinutes: 270,
      overageMinutes: 210,
      amountMinor: 33_250,
      sendToStripe: true,
      stripeInvoiceItemId: null,
    });
    // Not a charge on an invoice of ours: Stripe bills it.
    expect(await kit.t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, companyId))).toEqual([]);
    await expect(updateTimeEntry(staffNow(), { entryId: worked.id, minutes: 10 })).rejects.toThrow(LOCKED_ENTRY);

    // A pass killed after Stripe made the item but before we stored its id: the key is the same next time.
    const card = providerOf(kit.t.context({})).card!;
    const key = hoursItemKey(companyId, firstStart);
    const crashed = await card.createInvoiceItem({
      customerId: "cus_hours",
      amountMinor: 33_250,
      currency: "EUR",
      description: "Extra hours: 3h 30m × €95.00",
      idempotencyKey: key,
      metadata: { companyId, hoursSettlementId: settled!.id },
    });
    await Promise.all([runBillingCycle(kit.t.context({})), runBillingCycle(kit.t.context({}))]);
    await runBillingCycle(kit.t.context({}));

    const calls = stripe.callsTo("POST", "/v1/invoiceitems");
    expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(new Set([key]));
    expect(calls[0]!.form.get("customer")).toBe("cus_hours");
    expect(calls[0]!.form.get("amount")).toBe("33250");
    expect(calls[0]!.form.get("currency")).toBe("eur");
    expect(calls[0]!.form.get("description")).toBe("Extra hours: 3h 30m × €95.00");
    expect(stripe.invoiceItems.size).toBe(1);
    expect((await settlements())[0]!.stripeInvoiceItemId).toBe(crashed);
  });

  test("the paid Stripe invoice shows the extra hours line to the client, with the entries behind it", async () => {
    const [settled] = await settlements();
    const res = await post("invoice.paid", {
      id: "in_hours1",
      object: "invoice",
      customer: "cus_hours",
      currency: "eur",
      number: "STRIPE-0042",
      total: 33_250,
      amount_paid: 33_250,
      total_taxes: [],
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: "il_hours",
            amount: 33_250,
            description: "Extra hours: 3h 30m × €95.00",
            parent: {
              type: "invoice_item_details",
              invoice_item_details: { invoice_item: settled!.stripeInvoiceItemId },
              subscription_item_details: null,
            },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const billing = ZGetBillingResponse.parse(await (await as(kit.owner, "/api/billing")).json());
    const byCard = billing.invoices.find((item) => item.status === "paid")!;
    const lines = await kit.t.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, byCard.id));
    expect(lines.map((line) => [line.kind, line.description, line.amountMinor])).toEqual([
      ["hours", "Extra hours: 3h 30m × €95.00", 33_250],
    ]);
    const read = await readInvoice(kit.t.context({}), { invoiceId: byCard.id, companyId });
    expect(read.hoursEntries?.map((entry) => [entry.description, entry.minutes])).toEqual([
      ["Rebuilt the invoice sync", 270],
    ]);
    const [entry] = await kit.t.db.select().from(timeEntry).where(eq(timeEntry.companyId, companyId));
    expect(entry!.settlementId).toBe(settled!.id);
  });
});
