import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetBillingResponse, ZGetInvoiceResponse, ZListInvoicesResponse } from "../../../../shared/billing";
import { ZGetDashboardResponse } from "../../../../shared/dashboard";
import { auditLog } from "../../../db/schema/audit";
import { invoice } from "../../../db/schema/billing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";

let k: BillingTestKit;
beforeAll(async () => {
  k = await billingTestKit("invoices");
  const subscribed = await as(k.staff, `/api/staff/companies/${k.owner.companyId}/subscription`, {
    json: { planSlug: "starter", interval: "monthly" },
  });
  expect(subscribed.status).toBe(201);
  expect(
    (await as(k.owner, "/api/billing/plan", { json: { planSlug: "growth", confirmedProrationMinor: 80000 } })).status,
  ).toBe(200);
}, 180_000);
afterAll(() => k.t.close());

describe("staff invoices, by hand", () => {
  test("staff issue an invoice: a draft takes lines, finalizing picks up the proration and takes the next number", async () => {
    const created = await as(k.staff, `/api/staff/companies/${k.owner.companyId}/invoices`, { json: {} });
    expect(created.status).toBe(201);
    const draft = ZGetInvoiceResponse.parse(await created.json()).invoice;
    expect(draft).toMatchObject({ status: "draft", number: null, taxRateBp: 2100 });
    // A draft is staff's: the company does not see it.
    expect((await as(k.owner, `/api/billing/invoices/${draft.id}`)).status).toBe(404);
    const bad = await as(k.staff, `/api/staff/invoices/${draft.id}/lines`, {
      json: { description: "", amountMinor: 1.5 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      description: "Required",
      amountMinor: "Amount must be a whole number",
    });
    const added = await as(k.staff, `/api/staff/invoices/${draft.id}/lines`, {
      json: { description: "Extra workshop", amountMinor: 45000 },
    });
    expect(added.status).toBe(200);
    const final = await as(k.staff, `/api/staff/invoices/${draft.id}/finalize`, { method: "POST" });
    expect(final.status).toBe(200);
    const issued = ZGetInvoiceResponse.parse(await final.json()).invoice;
    expect(issued.number).toMatch(/^\d{4}-0002$/);
    expect(issued.lines.map((l) => [l.kind, l.amountMinor])).toEqual([
      ["one_off", 45000],
      ["proration", 80000],
    ]);
    expect(issued.subtotalMinor).toBe(125000);
    expect(issued.taxMinor).toBe(26250);
    expect(issued.totalMinor).toBe(151250);
    const again = await as(k.staff, `/api/staff/invoices/${draft.id}/lines`, {
      json: { description: "Late", amountMinor: 100 },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "This invoice is open; only a draft takes new lines.",
    );
  });

  test("staff mark an invoice paid and void another, each audited; the list filters by state", async () => {
    const { invoices } = ZListInvoicesResponse.parse(
      await (await as(k.staff, "/api/staff/invoices?filter=open")).json(),
    );
    expect(invoices.map((i) => i.number)).toHaveLength(2);
    const [second, first] = invoices;
    // Until they are settled, both wait on the client on every member's home screen; staff have none there.
    const unpaidOnHome = async (who: typeof k.member) =>
      ZGetDashboardResponse.parse(await (await as(who, "/api/dashboard")).json()).invoicesUnpaid;
    expect((await unpaidOnHome(k.member)).map((i) => [i.number, i.totalMinor])).toEqual(
      [first!, second!].map((i) => [i.number, i.totalMinor]),
    );
    // Staff have no client home at all outside a view (ADR 0023).
    expect((await as(k.staff, "/api/dashboard")).status).toBe(404);
    const badPay = await as(k.staff, `/api/staff/invoices/${first!.id}/payment`, {
      json: { amountMinor: 59290, paidOn: "2026-02-30" },
    });
    expect(badPay.status).toBe(400);
    expect(((await badPay.json()) as { fields: Record<string, string> }).fields.paidOn).toContain("Not a real date");
    const paid = await as(k.staff, `/api/staff/invoices/${first!.id}/payment`, {
      json: { amountMinor: 59290, paidOn: "2026-11-30", reference: "Transfer 8812" },
    });
    expect(paid.status).toBe(200);
    expect(ZGetInvoiceResponse.parse(await paid.json()).invoice).toMatchObject({
      status: "paid",
      paidOn: "2026-11-30",
      paymentReference: "Transfer 8812",
    });
    const voidBad = await as(k.staff, `/api/staff/invoices/${second!.id}/void`, { json: { reason: "" } });
    expect(voidBad.status).toBe(400);
    const voided = await as(k.staff, `/api/staff/invoices/${second!.id}/void`, {
      json: { reason: "Workshop was cancelled" },
    });
    expect(ZGetInvoiceResponse.parse(await voided.json()).invoice).toMatchObject({
      status: "void",
      voidReason: "Workshop was cancelled",
      number: second!.number,
    });
    expect((await as(k.staff, `/api/staff/invoices/${second!.id}/void`, { json: { reason: "again" } })).status).toBe(
      409,
    );
    const paidList = ZListInvoicesResponse.parse(await (await as(k.staff, "/api/staff/invoices?filter=paid")).json());
    expect(paidList.invoices.map((i) => i.id)).toEqual([first!.id]);
    const actions = (await k.t.db.select().from(auditLog).where(eq(auditLog.companyId, k.owner.companyId!))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "invoice.created",
        "invoice.line_added",
        "invoice.finalized",
        "invoice.paid",
        "invoice.voided",
      ]),
    );
    const seen = ZGetBillingResponse.parse(await (await as(k.member, "/api/billing")).json());
    expect(seen.invoices.map((i) => i.status).sort()).toEqual(["paid", "void"]);
    expect(await unpaidOnHome(k.member)).toEqual([]);
    expect(await k.t.db.select({ n: invoice.number }).from(invoice).where(eq(invoice.status, "draft"))).toEqual([]);
  });
});
