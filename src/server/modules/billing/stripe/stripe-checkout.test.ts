import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetBillingResponse, ZRedirectResponse } from "../../../../shared/billing";
import { auditLog } from "../../../db/schema/audit";
import { billingCustomer } from "../../../db/schema/billing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

let kit: BillingTestKit;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  kit = await billingTestKit("checkout", {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: "whsec_standin",
    STRIPE_API_URL: stripe.url,
  });
}, 180_000);
afterAll(async () => {
  await kit.t.close();
  await stripe.close();
});

describe("paying by card with Stripe", () => {
  test("the billing page says Stripe is on, and Checkout needs a plan first", async () => {
    const billing = ZGetBillingResponse.parse(await (await as(kit.member, "/api/billing")).json());
    expect(billing).toMatchObject({ provider: "stripe", cardOnFile: false });
    const refused = await as(kit.owner, "/api/billing/checkout", { method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/no plan yet/);
    expect(stripe.calls).toEqual([]);
  });

  test("a member may not start Checkout or open the portal", async () => {
    for (const path of ["/api/billing/checkout", "/api/billing/portal"])
      expect((await as(kit.member, path, { method: "POST" })).status).toBe(403);
  });

  test("two Checkout starts at once make one Stripe customer, and each gets a Checkout page", async () => {
    const { staff, owner, t } = kit;
    const put = await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
      json: { planSlug: "starter", interval: "monthly" },
    });
    expect(put.status).toBe(201);
    const [first, second] = await Promise.all([
      as(owner, "/api/billing/checkout", { method: "POST" }),
      as(owner, "/api/billing/checkout", { method: "POST" }),
    ]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(ZRedirectResponse.parse(await first!.json()).url).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    const created = stripe.callsTo("POST", "/v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]!.form.get("metadata[companyId]")).toBe(owner.companyId);
    expect(created[0]!.form.get("email")).toBe(owner.email);
    expect(created[0]!.idempotencyKey).toBe(`cogwork-customer-${owner.companyId}`);
    const stored = await t.db.select().from(billingCustomer).where(eq(billingCustomer.companyId, owner.companyId!));
    expect(stored).toEqual([expect.objectContaining({ stripeCustomerId: "cus_standin1" })]);

    const sessions = stripe.callsTo("POST", "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    const form = sessions[0]!.form;
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("customer")).toBe("cus_standin1");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("49000");
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(form.get("subscription_data[metadata][companyId]")).toBe(owner.companyId);
    expect(form.get("success_url")).toBe(`${t.config.APP_URL}/billing?checkout=done`);
    // The month was invoiced by hand when staff put the company on the plan: the card pays from the next one.
    const anchor = Number(form.get("subscription_data[billing_cycle_anchor]"));
    expect(anchor * 1000).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(form.get("subscription_data[proration_behavior]")).toBe("none");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "billing.checkout_started"));
    expect(audit).toHaveLength(2);
  });

  test("the owner opens the portal for the stored customer; the page now offers it", async () => {
    const res = await as(kit.owner, "/api/billing/portal", { method: "POST" });
    expect(res.status).toBe(200);
    expect(ZRedirectResponse.parse(await res.json()).url).toBe("https://billing.stripe.com/p/session/test_1");
    const [call] = stripe.callsTo("POST", "/v1/billing_portal/sessions");
    expect(call!.form.get("customer")).toBe("cus_standin1");
    expect(call!.form.get("return_url")).toBe(`${kit.t.config.APP_URL}/billing`);
    const billing = ZGetBillingResponse.parse(await (await as(kit.owner, "/api/billing")).json());
    expect(billing.cardOnFile).toBe(true);
  });

  test("Stripe failing is a readable 503, and nothing is half written", async () => {
    const { t, owner } = kit;
    await t.db.delete(billingCustomer).where(eq(billingCustomer.companyId, owner.companyId!));
    await stripe.close();
    const res = await as(owner, "/api/billing/checkout", { method: "POST" });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Stripe could not create your customer record/,
    );
    expect(await t.db.select().from(billingCustomer)).toEqual([]);
  });
});
