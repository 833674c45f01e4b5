import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ZChangePlanResponse,
  ZGetBillingResponse,
  ZPlanChangeQuote,
  ZSubscriptionResponse,
} from "../../../../shared/billing";
import { auditLog } from "../../../db/schema/audit";
import { invoice, pendingCharge, subscription } from "../../../db/schema/billing";
import { as, givenCompany } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { getBilling } from "../get-billing.service";
import { addPendingCharge } from "../invoices/pending-charges";
import { changePlan, quoteChange } from "./change-plan.service";
import { subscribeCompany } from "./subscribe-company.service";

let k: BillingTestKit;
beforeAll(async () => {
  k = await billingTestKit("consent");
}, 180_000);
afterAll(() => k.t.close());

const at = (iso: string) => new Date(iso);
const staffAt = (now?: Date) =>
  k.t.context({ actor: { id: k.staff.userId, email: k.staff.email, name: "Staff", role: "admin", ip: null }, now });

describe("the next invoice and a plan change the owner confirms (controlled clock)", () => {
  let companyId: string;
  beforeAll(async () => {
    const other = await givenCompany(k.t, { name: "Clockwork Ltd", owner: "owner@clockwork-consent.test" });
    companyId = other.owner.companyId!;
    await subscribeCompany(staffAt(at("2026-03-01T00:00:00Z")), {
      companyId,
      planSlug: "starter",
      interval: "monthly",
      trialDays: 0,
    });
  });

  test("the next invoice holds the next period's plan line, dated the period's end, taxed", async () => {
    const billing = await getBilling(staffAt(at("2026-03-10T12:00:00Z")), { companyId });
    expect(billing.upcoming).toEqual({
      issuesOn: "2026-04-01T00:00:00.000Z",
      periodStart: "2026-04-01T00:00:00.000Z",
      periodEnd: "2026-05-01T00:00:00.000Z",
      currency: "EUR",
      lines: [{ kind: "plan", description: "Starter plan, monthly, 2026-04-01 – 2026-05-01", amountMinor: 49000 }],
      subtotalMinor: 49000,
      taxRateBp: 2100,
      taxMinor: 10290,
      totalMinor: 59290,
    });
  });

  test("the quote states the difference and the proration: 22 of March's 31 days left (the 10th counts)", async () => {
    const quote = await quoteChange(staffAt(at("2026-03-10T12:00:00Z")), { companyId, planSlug: "growth" });
    expect(quote).toMatchObject({
      change: "upgrade",
      priceDifferenceMinor: 80000,
      prorationMinor: Math.round((80000 * 22) / 31),
      confirmation: "Upgrade to Growth: €800.00 more a month; €567.74 now for the rest of this period",
    });
  });

  test("a confirmation of another amount is refused and changes nothing", async () => {
    const attempt = changePlan(staffAt(at("2026-03-10T12:00:00Z")), {
      companyId,
      planSlug: "growth",
      confirmedProrationMinor: 60000,
      by: "owner",
    });
    await expect(attempt).rejects.toMatchObject({
      message: "The amount for the rest of this period is now €567.74; review the change and confirm it again.",
    });
    expect(await k.t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, companyId))).toEqual([]);
    const [sub] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
    const billing = await getBilling(staffAt(at("2026-03-10T12:00:00Z")), { companyId });
    expect(billing.subscription?.plan.slug).toBe("starter");
    expect(sub!.scheduledPlanId).toBeNull();
  });

  test("the confirmed upgrade and a setup fee approved elsewhere show on the next invoice at once", async () => {
    const now = at("2026-03-10T12:00:00Z");
    await changePlan(staffAt(now), { companyId, planSlug: "growth", confirmedProrationMinor: 56774, by: "owner" });
    await addPendingCharge(staffAt(now), {
      companyId,
      description: "Setup of the invoice-reading automation",
      amountMinor: 150000,
      source: "proposal:test",
    });
    const { upcoming } = await getBilling(staffAt(now), { companyId });
    expect(upcoming?.lines).toEqual([
      { kind: "plan", description: "Growth plan, monthly, 2026-04-01 – 2026-05-01", amountMinor: 129000 },
      { kind: "proration", description: "Upgrade from Starter to Growth, 2026-03-10 – 2026-04-01", amountMinor: 56774 },
      { kind: "setup_fee", description: "Setup of the invoice-reading automation", amountMinor: 150000 },
    ]);
    expect(upcoming?.subtotalMinor).toBe(129000 + 56774 + 150000);
    expect(upcoming?.totalMinor).toBe(335774 + Math.round(335774 * 0.21));
  });

  test("a downgrade is quoted for the period's end, and the next invoice bills the cheaper plan", async () => {
    const now = at("2026-03-20T00:00:00Z");
    const quote = await quoteChange(staffAt(now), { companyId, planSlug: "starter" });
    expect(quote).toMatchObject({ change: "downgrade", prorationMinor: 0, effectiveAt: "2026-04-01T00:00:00.000Z" });
    expect(quote.confirmation).toBe(
      "Downgrade to Starter: €800.00 less a month from 1 Apr 2026; nothing changes this period",
    );
    await changePlan(staffAt(now), { companyId, planSlug: "starter", confirmedProrationMinor: 0, by: "staff" });
    const { upcoming } = await getBilling(staffAt(now), { companyId });
    expect(upcoming?.lines[0]).toEqual({
      kind: "plan",
      description: "Starter plan, monthly, 2026-04-01 – 2026-05-01",
      amountMinor: 49000,
    });
  });
});

describe("over HTTP: the owner quotes and confirms; staff act from the Billing tab", () => {
  test("a member may not quote or change; the owner quotes, confirms, and the owner and the agency are mailed", async () => {
    const companyId = k.owner.companyId!;
    const subscribed = await as(k.staff, `/api/staff/companies/${companyId}/subscription`, {
      json: { planSlug: "starter", interval: "monthly" },
    });
    expect(subscribed.status).toBe(201);
    expect((await as(k.member, "/api/billing/plan/quote?planSlug=growth")).status).toBe(403);
    const quoted = await as(k.owner, "/api/billing/plan/quote?planSlug=growth");
    expect(quoted.status).toBe(200);
    const quote = ZPlanChangeQuote.parse(await quoted.json());
    expect(quote.confirmation).toMatch(
      /^Upgrade to Growth: €800\.00 more a month; €[\d,.]+ now for the rest of this period$/,
    );
    const missing = await as(k.owner, "/api/billing/plan", { json: { planSlug: "growth" } });
    expect(missing.status).toBe(400);
    const changed = await as(k.owner, "/api/billing/plan", {
      json: { planSlug: "growth", confirmedProrationMinor: quote.prorationMinor },
    });
    expect(changed.status).toBe(200);
    expect(ZChangePlanResponse.parse(await changed.json()).change).toBe("upgraded");
    const ownerMail = (await k.t.outbox(k.owner.email)).find((m) => m.kind === "subscription-changed");
    expect(ownerMail?.text).toContain(`${quote.confirmation}. This was done by your company's owner.`);
    const agencyMail = (await k.t.outbox(k.staff.email)).find((m) => m.kind === "subscription-changed");
    expect(agencyMail?.subject).toBe("Plan change: Acme Billing");
    const entry = (await k.t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).find(
      (e) => e.action === "subscription.upgraded",
    );
    expect(entry?.summary).toBe(`Acme Billing: ${quote.confirmation}`);
    const billing = ZGetBillingResponse.parse(await (await as(k.member, "/api/billing")).json());
    expect(billing.upcoming?.lines.map((l) => l.kind)).toEqual(["plan", "proration"]);
  });

  test("staff cancel at the period's end, call it off, then cancel now with the rule stated", async () => {
    const companyId = k.owner.companyId!;
    const base = `/api/staff/companies/${companyId}/subscription`;
    expect((await as(k.owner, `${base}/cancel`, { json: { when: "now" } })).status).toBe(403);
    const ending = ZSubscriptionResponse.parse(
      await (await as(k.staff, `${base}/cancel`, { json: { when: "period_end" } })).json(),
    );
    expect(ending.subscription.cancelAtPeriodEnd).toBe(true);
    const billing = ZGetBillingResponse.parse(await (await as(k.owner, "/api/billing")).json());
    // Nothing renews: only the proration waits, for an invoice staff issue.
    expect(billing.upcoming?.issuesOn).toBeNull();
    expect(billing.upcoming?.lines.map((l) => l.kind)).toEqual(["proration"]);
    expect((await as(k.staff, `${base}/cancel`, { json: { when: "period_end" } })).status).toBe(409);
    const resumed = await as(k.staff, `${base}/resume`, { method: "POST" });
    expect(ZSubscriptionResponse.parse(await resumed.json()).subscription.cancelAtPeriodEnd).toBe(false);
    const canceled = ZSubscriptionResponse.parse(
      await (await as(k.staff, `${base}/cancel`, { json: { when: "now" } })).json(),
    );
    expect(canceled.subscription.status).toBe("canceled");
    const mail = (await k.t.outbox(k.owner.email)).find((m) => m.subject === "Your plan is canceled");
    expect(mail?.text).toContain("the period already invoiced is not refunded and nothing more is billed");
    const actions = (await k.t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "subscription.cancel_scheduled",
        "subscription.cancel_called_off",
        "subscription.canceled",
      ]),
    );
    expect((await as(k.staff, `${base}/cancel`, { json: { when: "now" } })).status).toBe(409);
  });

  test("staff extend a trial, then end it: the first period's invoice is issued at once", async () => {
    const trial = await givenCompany(k.t, { name: "Trial Co", owner: "owner@trial-consent.test" });
    const companyId = trial.owner.companyId!;
    const base = `/api/staff/companies/${companyId}/subscription`;
    await as(k.staff, base, { json: { planSlug: "starter", interval: "monthly", trialDays: 14 } });
    expect((await as(k.staff, `${base}/trial/extension`, { json: { days: 0 } })).status).toBe(400);
    const before = ZGetBillingResponse.parse(
      await (await as(k.staff, `/api/staff/companies/${companyId}/billing`)).json(),
    );
    const extended = ZSubscriptionResponse.parse(
      await (await as(k.staff, `${base}/trial/extension`, { json: { days: 7 } })).json(),
    );
    const moved =
      new Date(extended.subscription.trialEndsAt!).getTime() - new Date(before.subscription!.trialEndsAt!).getTime();
    expect(moved).toBe(7 * 24 * 3600 * 1000);
    const ended = ZSubscriptionResponse.parse(
      await (await as(k.staff, `${base}/trial/end`, { method: "POST" })).json(),
    );
    expect(ended.subscription.status).toBe("active");
    const invoices = await k.t.db.select().from(invoice).where(eq(invoice.companyId, companyId));
    expect(invoices.map((i) => [i.status, i.subtotalMinor])).toEqual([["open", 49000]]);
    expect((await as(k.staff, `${base}/trial/end`, { method: "POST" })).status).toBe(409);
  });
});
