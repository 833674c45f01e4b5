import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetBillingResponse } from "../../../../shared/billing";
import { billingCustomer, billingWebhookEvent, invoice, mrrMovement, subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { startStripeStandIn, stripeSubscriptionObject, type StripeStandIn } from "./stripe-stand-in";

const SECRET = "whsec_webhooktest";
const webhooks = new Stripe("sk_test_signing").webhooks;
let kit: BillingTestKit;
let stripe: StripeStandIn;
let companyId: string;
let growthId: string;
let growthMonthlyMinor: number;
let eventTime = Math.floor(Date.now() / 1000) - 3600;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  kit = await billingTestKit("webhook", {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
  companyId = kit.owner.companyId!;
  const put = await as(kit.staff, `/api/staff/companies/${companyId}/subscription`, {
    json: { planSlug: "starter", interval: "monthly" },
  });
  expect(put.status).toBe(201);
  await kit.t.db.insert(billingCustomer).values({ companyId, stripeCustomerId: "cus_hook" });
  const [growth] = await kit.t.db.select().from(pricingPlan).where(eq(pricingPlan.slug, "growth"));
  growthId = growth!.id;
  growthMonthlyMinor = growth!.monthlyPriceMinor;
}, 180_000);
afterAll(async () => {
  await kit.t.close();
  await stripe.close();
});

function event(id: string, type: string, object: object, created = ++eventTime) {
  return JSON.stringify({ id, object: "event", type, created, livemode: false, data: { object } });
}
function post(payload: string, secret = SECRET, timestamp?: number) {
  const header = webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return kit.t.request("/api/billing/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
    ip: kit.t.newIp(),
  });
}
const subOf = async () => (await kit.t.db.select().from(subscription).where(eq(subscription.companyId, companyId)))[0]!;
const period = { periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) };
const stripeSub = (status: string) =>
  stripeSubscriptionObject({ id: "sub_hook", customer: "cus_hook", status, planId: growthId, companyId, ...period });

describe("Stripe's webhook", () => {
  test("a bad, missing or badly timed signature is refused with 400, and nothing is stored", async () => {
    const payload = event("evt_forged", "customer.subscription.updated", stripeSub("canceled"));
    const forged = await post(payload, "whsec_someoneelse");
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toMatch(/signature does not match/);
    const tampered = webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const changed = await kit.t.request("/api/billing/stripe/webhook", {
      method: "POST",
      body: payload.replace("canceled", "active"),
      headers: { "stripe-signature": tampered },
    });
    expect(changed.status).toBe(400);
    for (const skew of [3600, 301, -3600]) {
      const res = await post(payload, SECRET, Math.floor(Date.now() / 1000) + skew); // signed too long before or after now
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/more than 5 minutes before or after now/);
    }
    const unsigned = await kit.t.request("/api/billing/stripe/webhook", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    expect(await kit.t.db.select().from(billingWebhookEvent)).toEqual([]);
    expect((await subOf()).provider).toBe("manual");
  });

  test("checkout.session.completed re-reads the subscription from Stripe and moves the company onto it", async () => {
    stripe.subscriptions.set("sub_hook", stripeSub("active"));
    const payload = event("evt_checkout", "checkout.session.completed", {
      id: "cs_test_1",
      object: "checkout.session",
      mode: "subscription",
      customer: "cus_hook",
      subscription: "sub_hook",
    });
    const res = await post(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(stripe.callsTo("GET", "/v1/subscriptions/sub_hook")).toHaveLength(1);
    const sub = await subOf();
    expect(sub).toMatchObject({
      provider: "stripe",
      stripeSubscriptionId: "sub_hook",
      status: "active",
      planId: growthId,
    });
    const moves = await kit.t.db.select().from(mrrMovement).where(eq(mrrMovement.companyId, companyId));
    expect(moves.map((m) => m.kind)).toEqual(["new", "expansion"]);

    // The same event again: stored already, so nothing is read or changed.
    const replay = await post(payload);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(stripe.callsTo("GET", "/v1/subscriptions/sub_hook")).toHaveLength(1);
  });

  test("invoice.paid joins the invoice list with the next gapless number, paid; a replay adds nothing", async () => {
    const paidAt = Math.floor(Date.now() / 1000);
    const payload = event("evt_paid", "invoice.paid", {
      id: "in_hook1",
      object: "invoice",
      customer: "cus_hook",
      currency: "eur",
      number: "STRIPE-0001",
      subtotal: 99_000,
      total: 119_790,
      amount_paid: 119_790,
      total_taxes: [{ amount: 20_790 }],
      status_transitions: { paid_at: paidAt },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: "il_1",
            amount: 99_000,
            description: "1 × Growth plan (at €990.00 / month)",
            parent: { type: "subscription_item_details", subscription_item_details: { proration: false } },
          },
        ],
      },
    });
    expect((await post(payload)).status).toBe(200);
    expect(await (await post(payload)).json()).toEqual({ received: true, duplicate: true });
    const billing = ZGetBillingResponse.parse(await (await as(kit.member, "/api/billing")).json());
    expect(billing.invoices).toHaveLength(2);
    const [byCard, byHand] = billing.invoices;
    const year = new Date().getUTCFullYear();
    expect(byHand!.number).toBe(`${year}-0001`);
    expect(byCard).toMatchObject({ number: `${year}-0002`, status: "paid", totalMinor: 119_790 });
    const [row] = await kit.t.db.select().from(invoice).where(eq(invoice.stripeInvoiceId, "in_hook1"));
    expect(row).toMatchObject({ taxRateBp: 2100, paidAmountMinor: 119_790, paymentReference: "Stripe STRIPE-0001" });
    const mail = (await kit.t.outbox(kit.owner.email)).find((m) => m.subject.endsWith("paid by card"));
    expect(mail?.attachments[0]?.filename).toBe(`invoice-${year}-0002.pdf`);
  });

  test("a plan paid by card is not changed in the portal's own plan form, only through Stripe", async () => {
    const res = await as(kit.owner, "/api/billing/plan", { json: { planSlug: "starter", confirmedProrationMinor: 0 } });
    expect(res.status).toBe(409);
    expect((await subOf()).planId).toBe(growthId);
  });

  test("invoice.payment_failed makes the subscription past due", async () => {
    const failed = event("evt_failed", "invoice.payment_failed", {
      id: "in_hook2",
      object: "invoice",
      customer: "cus_hook",
    });
    expect((await post(failed)).status).toBe(200);
    expect((await subOf()).status).toBe("past_due");
  });

  test("an event type we do not handle is answered 200, stored and ignored", async () => {
    const res = await post(event("evt_other", "customer.tax_id.created", { id: "txi_1", object: "tax_id" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    const [stored] = await kit.t.db.select().from(billingWebhookEvent).where(eq(billingWebhookEvent.id, "evt_other"));
    expect(stored?.type).toBe("customer.tax_id.created");
  });

  test("customer.subscription.deleted cancels it and counts the churn", async () => {
    expect((await post(event("evt_deleted", "customer.subscription.deleted", stripeSub("canceled")))).status).toBe(200);
    expect((await subOf()).status).toBe("canceled");
    const moves = await kit.t.db.select().from(mrrMovement).where(eq(mrrMovement.companyId, companyId));
    expect(moves.at(-1)).toMatchObject({ kind: "churn", deltaMinor: -growthMonthlyMinor });
    // Staff may bill the company by hand again; the period job takes it over.
    const again = await as(kit.staff, `/api/staff/companies/${companyId}/subscription`, {
      json: { planSlug: "starter", interval: "monthly" },
    });
    expect(again.status).toBe(201);
    expect(await subOf()).toMatchObject({ provider: "manual", stripeSubscriptionId: null, status: "active" });
  });
});
