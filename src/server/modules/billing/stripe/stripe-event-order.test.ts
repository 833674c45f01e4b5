import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetMrrResponse } from "../../../../shared/billing";
import { billingCustomer, billingWebhookEvent, subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { startStripeStandIn, stripeSubscriptionObject, type StripeStandIn } from "./stripe-stand-in";

const SECRET = "whsec_ordertest";
const webhooks = new Stripe("sk_test_signing").webhooks;
let kit: BillingTestKit;
let stripe: StripeStandIn;
let companyId: string;
let growthId: string;
let eventTime = Math.floor(Date.now() / 1000) - 3600;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  kit = await billingTestKit("order", {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
  companyId = kit.owner.companyId!;
  const put = await as(kit.staff, `/api/staff/companies/${companyId}/subscription`, {
    json: { planSlug: "starter", interval: "monthly" },
  });
  expect(put.status).toBe(201);
  await kit.t.db.insert(billingCustomer).values({ companyId, stripeCustomerId: "cus_order" });
  const [growth] = await kit.t.db.select().from(pricingPlan).where(eq(pricingPlan.slug, "growth"));
  growthId = growth!.id;
}, 180_000);
afterAll(async () => {
  await kit.t.close();
  await stripe.close();
});

let eventCount = 0;
function event(type: string, object: object, created = ++eventTime) {
  const id = `evt_order${++eventCount}`;
  return JSON.stringify({ id, object: "event", type, created, livemode: false, data: { object } });
}
async function post(payload: string) {
  const header = webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await kit.t.request("/api/billing/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
    ip: kit.t.newIp(),
  });
  expect(res.status).toBe(200);
}
const period = { periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) };
const stripeSub = (id: string, status: string) =>
  stripeSubscriptionObject({ id, customer: "cus_order", status, planId: growthId, companyId, ...period });
const updated = (id: string, status: string, created?: number) =>
  event("customer.subscription.updated", stripeSub(id, status), created);
const deleted = (id: string, created?: number) =>
  event("customer.subscription.deleted", stripeSub(id, "canceled"), created);
const statusOf = async () =>
  (await kit.t.db.select().from(subscription).where(eq(subscription.companyId, companyId)))[0]!.status;
const checkoutCompleted = (id: string) =>
  event("checkout.session.completed", {
    id: `cs_${id}`,
    object: "checkout.session",
    mode: "subscription",
    customer: "cus_order",
    subscription: id,
    metadata: { companyId, planId: growthId },
  });
/** How many subscriptions the staff dashboard counts in MRR. */
async function countedInMrr() {
  const mrr = ZGetMrrResponse.parse(await (await as(kit.staff, "/api/staff/billing/mrr")).json());
  return mrr.figures.reduce((sum, figure) => sum + figure.subscriptions, 0);
}

describe("the order of Stripe's subscription events", () => {
  test("an older event arriving late changes nothing", async () => {
    await post(event("customer.subscription.created", stripeSub("sub_1", "active")));
    await post(updated("sub_1", "past_due", eventTime + 200));
    expect(await statusOf()).toBe("past_due");
    await post(updated("sub_1", "active", eventTime + 100));
    expect(await statusOf()).toBe("past_due");
    eventTime += 300;
    await post(updated("sub_1", "active"));
    expect(await statusOf()).toBe("active");
    // The late one is stored all the same: sent again, it is a duplicate.
    expect(await kit.t.db.select().from(billingWebhookEvent)).toHaveLength(4);
  });

  test("a deletion and an update of the same second leave it canceled and out of MRR, whichever comes first", async () => {
    const second = ++eventTime;
    await post(deleted("sub_1", second));
    await post(updated("sub_1", "past_due", second));
    expect(await statusOf()).toBe("canceled");
    expect(await countedInMrr()).toBe(0);

    await post(event("customer.subscription.created", stripeSub("sub_2", "active")));
    expect([await statusOf(), await countedInMrr()]).toEqual(["active", 1]);
    const another = ++eventTime;
    await post(updated("sub_2", "past_due", another));
    await post(deleted("sub_2", another));
    expect(await statusOf()).toBe("canceled");
    // Stripe never makes a canceled subscription active again: a later event saying so changes nothing.
    await post(updated("sub_2", "active"));
    expect([await statusOf(), await countedInMrr()]).toEqual(["canceled", 0]);
  });

  test("two updates of the same second that disagree: the subscription as Stripe has it now decides", async () => {
    await post(event("customer.subscription.created", stripeSub("sub_3", "active")));
    stripe.subscriptions.set("sub_3", stripeSub("sub_3", "past_due"));
    const second = ++eventTime;
    await post(updated("sub_3", "past_due", second));
    await post(updated("sub_3", "active", second));
    expect(await statusOf()).toBe("past_due");
    expect(stripe.callsTo("GET", "/v1/subscriptions/sub_3")).toHaveLength(1);

    stripe.subscriptions.set("sub_3", stripeSub("sub_3", "active"));
    const next = ++eventTime;
    await post(updated("sub_3", "active", next));
    await post(updated("sub_3", "past_due", next));
    expect(await statusOf()).toBe("active");
  });

  test("a deletion committed while Checkout's subscription is read from Stripe is not undone", async () => {
    await post(event("customer.subscription.created", stripeSub("sub_4", "active")));
    stripe.subscriptions.set("sub_4", stripeSub("sub_4", "active"));
    // Stripe deletes the subscription, and its event is applied, while the read's answer is on its way.
    stripe.hooks.whileReading = async () => {
      stripe.subscriptions.set("sub_4", stripeSub("sub_4", "canceled"));
      await post(deleted("sub_4"));
    };
    const checkout = checkoutCompleted("sub_4");
    await post(checkout);
    expect(stripe.hooks.whileReading).toBeNull();
    expect([await statusOf(), await countedInMrr()]).toEqual(["canceled", 0]);
    const id = (JSON.parse(checkout) as { id: string }).id;
    expect(await kit.t.db.select().from(billingWebhookEvent).where(eq(billingWebhookEvent.id, id))).toHaveLength(1);
  });

  test("an update committed while Checkout's subscription is read is not undone by the older copy", async () => {
    await post(event("customer.subscription.created", stripeSub("sub_5", "active")));
    stripe.subscriptions.set("sub_5", stripeSub("sub_5", "active"));
    stripe.hooks.whileReading = async () => {
      stripe.subscriptions.set("sub_5", stripeSub("sub_5", "past_due"));
      await post(updated("sub_5", "past_due"));
    };
    await post(checkoutCompleted("sub_5"));
    expect(stripe.hooks.whileReading).toBeNull();
    // The row moved during the read, so the copy was read again.
    expect(stripe.callsTo("GET", "/v1/subscriptions/sub_5")).toHaveLength(2);
    expect(await statusOf()).toBe("past_due");
  });
});
