/* The set-up both Stripe hours tests share: a Stripe-paid company on Growth with 1h included at €95.00 an extra hour. */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { billingCustomer } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { setPlanHours } from "../../hours";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import type { ActorContext } from "../../../context/service-context";

const SECRET = "whsec_hourstest";
const webhooks = new Stripe("sk_test_signing").webhooks;

export interface StripeHoursKit {
  kit: BillingTestKit;
  stripe: StripeStandIn;
  companyId: string;
  growthId: string;
  /** A staff context, at `now` if given. */
  staffAt: (now?: Date) => ActorContext;
  /** Posts a signed Stripe event to the webhook, each with a later `created` than the last. */
  post: (type: string, object: object) => Promise<Response>;
  close: () => Promise<void>;
}

/** `name` names the test's runtime; `customerId` is the company's Stripe customer. */
export async function stripeHoursKit(name: string, customerId: string): Promise<StripeHoursKit> {
  const stripe = await startStripeStandIn();
  const kit = await billingTestKit(name, {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
  const companyId = kit.owner.companyId!;
  await kit.t.db.update(company).set({ timeZone: "UTC" }).where(eq(company.id, companyId));
  await kit.t.db.insert(billingCustomer).values({ companyId, stripeCustomerId: customerId });
  const [growth] = await kit.t.db.select().from(pricingPlan).where(eq(pricingPlan.slug, "growth"));
  const staffAt = (now?: Date): ActorContext => {
    const actor = { id: kit.staff.userId, email: kit.staff.email, name: "Staff", role: "admin" as const, ip: null };
    return kit.t.context({ actor, now });
  };
  await setPlanHours(staffAt(), {
    planSlug: "growth",
    includedMinutes: 60,
    overageRateMinor: 9500,
    hoursRollover: false,
    rolloverCapMinutes: 0,
    overageNeedsApproval: false,
  });
  let eventTime = Math.floor(Date.now() / 1000) - 3600;
  const post = (type: string, object: object) => {
    eventTime += 1;
    const payload = JSON.stringify({
      id: `evt_${eventTime}`,
      object: "event",
      type,
      created: eventTime,
      livemode: false,
      data: { object },
    });
    return kit.t.request("/api/billing/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      ip: kit.t.newIp(),
    });
  };
  const close = async () => {
    await kit.t.close();
    await stripe.close();
  };
  return { kit, stripe, companyId, growthId: growth!.id, staffAt, post, close };
}
