import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ZChangePlanResponse,
  ZGetBillingResponse,
  ZGetInvoiceResponse,
  ZGetMrrResponse,
  ZSubscriptionResponse,
} from "../../../shared/billing";
import { auditLog } from "../../db/schema/audit";
import { pendingCharge, subscription } from "../../db/schema/billing";
import { as, type Caller } from "../../test/given";
import { billingTestKit } from "./billing-test-kit";
import type { TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
let staff: Caller;
let owner: Caller;
let member: Caller;

beforeAll(async () => {
  ({ t, staff, owner, member } = await billingTestKit("billing"));
}, 180_000);
afterAll(() => t.close());

describe("a company on a plan, billed by hand", () => {
  test("without a plan the company sees no subscription and no invoices", async () => {
    const res = await as(member, "/api/billing");
    expect(res.status).toBe(200);
    const body = ZGetBillingResponse.parse(await res.json());
    expect(body.subscription).toBeNull();
    expect(body.invoices).toEqual([]);
    expect(body.provider).toBe("manual");
    expect(body.cardOnFile).toBe(false);
  });

  test("card payments are off: Checkout and the portal say so, and the webhook is not there", async () => {
    for (const path of ["/api/billing/checkout", "/api/billing/portal"]) {
      const res = await as(owner, path, { method: "POST" });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Card payments are not switched on/);
    }
    const hook = await t.request("/api/billing/stripe/webhook", {
      method: "POST",
      body: "{}",
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    expect(hook.status).toBe(404);
  });

  test("a bad plan is refused with the field's message, and nothing is written", async () => {
    const res = await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
      json: { planSlug: "platinum", interval: "weekly" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields.interval).toBe("Choose monthly or yearly");
    const unknown = await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
      json: { planSlug: "platinum", interval: "monthly" },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields.planSlug).toBe("Choose a plan");
    expect(await t.db.select().from(subscription)).toEqual([]);
  });

  test("staff put the company on a plan: the period's invoice is numbered, totalled with tax and mailed with its PDF", async () => {
    const res = await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
      json: { planSlug: "starter", interval: "monthly" },
    });
    expect(res.status).toBe(201);
    const { subscription: sub } = ZSubscriptionResponse.parse(await res.json());
    expect(sub).toMatchObject({ status: "active", interval: "monthly", priceMinor: 49000, plan: { slug: "starter" } });
    const billing = ZGetBillingResponse.parse(await (await as(member, "/api/billing")).json());
    expect(billing.invoices).toHaveLength(1);
    const [issued] = billing.invoices;
    expect(issued!.number).toMatch(/^\d{4}-0001$/);
    expect(issued!.status).toBe("open");
    expect(issued!.totalMinor).toBe(49000 + 10290);
    const mail = (await t.outbox(owner.email)).find((m) => m.kind === "invoice-issued");
    expect(mail?.subject).toBe(`Invoice ${issued!.number} from Cogwork`);
    expect(mail?.attachments[0]?.filename).toBe(`invoice-${issued!.number}.pdf`);
    // Delivered with the PDF, rendered by the mailer.
    await t.mailer.deliverDue();
    const sent = t.delivered.find((m) => m.subject === mail?.subject);
    expect(sent?.attachments?.[0]?.contentType).toBe("application/pdf");
    expect(sent?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await t.outbox(member.email)).some((m) => m.kind === "invoice-issued")).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "subscription.created"));
    expect(entry?.summary).toBe("Put Acme Billing on the Starter plan, monthly");
    expect(entry?.actorEmail).toBe(staff.email);
    // A second subscription is a conflict that names the current state.
    const again = await as(staff, `/api/staff/companies/${owner.companyId}/subscription`, {
      json: { planSlug: "growth", interval: "monthly" },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain("already has a subscription (active)");
  });

  test("members read the invoice and its PDF; only the owner changes plan", async () => {
    const billing = ZGetBillingResponse.parse(await (await as(member, "/api/billing")).json());
    const id = billing.invoices[0]!.id;
    const one = ZGetInvoiceResponse.parse(await (await as(member, `/api/billing/invoices/${id}`)).json());
    expect(one.invoice.lines.map((l) => l.kind)).toEqual(["plan"]);
    expect(one.invoice.payTo.iban).toBe("NL91ABNA0417164300");
    const pdf = await as(member, `/api/billing/invoices/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`invoice-${one.invoice.number}.pdf`);
    const refused = await as(member, "/api/billing/plan", { json: { planSlug: "growth", confirmedProrationMinor: 0 } });
    expect(refused.status).toBe(403);
  });

  test("the owner upgrades now with a proration for the next invoice, and downgrades at the period's end", async () => {
    const up = await as(owner, "/api/billing/plan", { json: { planSlug: "growth", confirmedProrationMinor: 80000 } });
    expect(up.status).toBe(200);
    const upgraded = ZChangePlanResponse.parse(await up.json());
    expect(upgraded.change).toBe("upgraded");
    expect(upgraded.subscription.plan.slug).toBe("growth");
    // Changed on the period's first day: the whole difference.
    expect(upgraded.prorationMinor).toBe(129000 - 49000);
    const charges = await t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, owner.companyId!));
    expect(charges.map((c) => [c.kind, c.amountMinor, c.invoiceId])).toEqual([["proration", 80000, null]]);
    const down = ZChangePlanResponse.parse(
      await (
        await as(owner, "/api/billing/plan", { json: { planSlug: "starter", confirmedProrationMinor: 0 } })
      ).json(),
    );
    expect(down.change).toBe("downgrade_scheduled");
    expect(down.subscription.plan.slug).toBe("growth");
    expect(down.subscription.scheduledPlan?.slug).toBe("starter");
    // MRR: Starter's €490 new this month, then €800 expansion; the downgrade counts when it applies.
    const mrr = ZGetMrrResponse.parse(await (await as(staff, "/api/staff/billing/mrr")).json());
    expect(mrr.figures).toEqual([
      {
        currency: "EUR",
        mrrMinor: 129000,
        subscriptions: 1,
        newMinor: 49000,
        expansionMinor: 80000,
        contractionMinor: 0,
        churnMinor: 0,
      },
    ]);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.companyId, owner.companyId!))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["subscription.upgraded", "subscription.downgrade_scheduled"]));
  });
});
