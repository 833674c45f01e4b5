import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZBillingDetailsResponse, ZGetBillingResponse, ZGetInvoiceResponse } from "../../../../shared/billing";
import { auditLog } from "../../../db/schema/audit";
import { invoice } from "../../../db/schema/billing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";

/** The text of every page of a PDF, as a reader extracts it, with runs of space made one. */
async function pdfText(pdf: ArrayBuffer): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n").replace(/\s+/g, " ");
}

let k: BillingTestKit;
let companyId: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  k = await billingTestKit("legal", {
    BILLING_LEGAL_NAME: "Cogwork Automation B.V.",
    BILLING_ADDRESS: "Herengracht 1 | 1015 BA Amsterdam | Netherlands",
    BILLING_VAT_NUMBER: "NL001234567B01",
    BILLING_COMPANY_NUMBER: "KvK 12345678",
    BILLING_PAYMENT_INSTRUCTIONS: "Pay within 14 days, quoting the invoice number.",
    BILLING_REQUIRE_CLIENT_DETAILS: "true",
  });
  companyId = k.owner.companyId!;
}, 180_000);
afterAll(() => k.t.close());

const detailsOf = async () =>
  ZGetBillingResponse.parse(await (await as(k.member, "/api/billing")).json()).billingDetails;

describe("invoices an accountant accepts", () => {
  let draftId: string;

  test("without the client's legal details the period's invoice waits as a draft, and finalizing it says why", async () => {
    const subscribed = await as(k.staff, `/api/staff/companies/${companyId}/subscription`, {
      json: { planSlug: "starter", interval: "monthly" },
    });
    expect(subscribed.status).toBe(201);
    const rows = await k.t.db.select().from(invoice).where(eq(invoice.companyId, companyId));
    expect(rows.map((r) => [r.status, r.number])).toEqual([["draft", null]]);
    draftId = rows[0]!.id;
    const refused = await as(k.staff, `/api/staff/invoices/${draftId}/finalize`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "The company's legal name and address are needed on its invoices: fill them in on its billing page first.",
    );
    const billing = ZGetBillingResponse.parse(await (await as(k.owner, "/api/billing")).json());
    expect(billing.billingDetailsRequired).toBe(true);
    expect(billing.billingDetails).toBeNull();
  });

  test("a member may not edit the details; the owner's are checked field by field, saved and audited", async () => {
    const body = {
      legalName: "Acme Trading B.V.",
      address: "Keizersgracht 9\r\n1015 CJ Amsterdam",
      vatNumber: "NL999",
    };
    expect((await as(k.member, "/api/billing/details", { method: "PUT", json: body })).status).toBe(403);
    const bad = await as(k.owner, "/api/billing/details", { method: "PUT", json: { legalName: "", address: "" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      legalName: "Required",
      address: "Required",
    });
    const saved = await as(k.owner, "/api/billing/details", { method: "PUT", json: body });
    expect(saved.status).toBe(200);
    expect(ZBillingDetailsResponse.parse(await saved.json()).details).toMatchObject({
      legalName: "Acme Trading B.V.",
      address: "Keizersgracht 9\n1015 CJ Amsterdam",
      vatNumber: "NL999",
    });
    const entry = (await k.t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).find(
      (e) => e.action === "billing_details.saved",
    );
    expect(entry?.summary).toBe("Saved the legal details on Acme Billing's invoices");
  });

  test("finalized, the invoice and its PDF carry both parties' legal details and how to pay", async () => {
    const done = await as(k.staff, `/api/staff/invoices/${draftId}/finalize`, { method: "POST" });
    expect(done.status).toBe(200);
    const { invoice: issued } = ZGetInvoiceResponse.parse(await done.json());
    expect(issued.number).toBe(`${year}-0001`);
    expect(issued.payee).toEqual({
      legalName: "Cogwork Automation B.V.",
      address: "Herengracht 1\n1015 BA Amsterdam\nNetherlands",
      vatNumber: "NL001234567B01",
      companyNumber: "KvK 12345678",
    });
    expect(issued.payer).toEqual({
      legalName: "Acme Trading B.V.",
      address: "Keizersgracht 9\n1015 CJ Amsterdam",
      vatNumber: "NL999",
      companyNumber: null,
    });
    const pdf = await as(k.member, `/api/billing/invoices/${issued.id}/pdf`);
    const text = await pdfText(await pdf.arrayBuffer());
    for (const expected of [
      "Cogwork Automation B.V.",
      "Herengracht 1",
      "1015 BA Amsterdam",
      "VAT NL001234567B01",
      "Company no. KvK 12345678",
      "Billed to",
      "Acme Trading B.V.",
      "Keizersgracht 9",
      "VAT NL999",
      "IBAN: NL91ABNA0417164300",
      "Pay within 14 days, quoting the invoice number.",
    ])
      expect(text).toContain(expected);
  });

  test("details changed later change new invoices only: an issued one keeps what it was issued with", async () => {
    await as(k.staff, `/api/staff/companies/${companyId}/billing-details`, {
      method: "PUT",
      json: { legalName: "Acme Holding N.V.", address: "Dam 1\n1012 JS Amsterdam" },
    });
    expect((await detailsOf())?.legalName).toBe("Acme Holding N.V.");
    const [row] = await k.t.db.select().from(invoice).where(eq(invoice.id, draftId));
    expect(row!.payer?.legalName).toBe("Acme Trading B.V.");
  });
});

describe("credit notes", () => {
  test("a credit note names the invoice, takes the next number of its own sequence and is mailed with its PDF", async () => {
    const credited = await as(k.staff, `/api/staff/invoices/${(await firstInvoice()).id}/credit-notes`, {
      json: { amountMinor: 20000, reason: "Four days of downtime" },
    });
    expect(credited.status).toBe(201);
    const { invoice: note } = ZGetInvoiceResponse.parse(await credited.json());
    expect(note).toMatchObject({
      kind: "credit_note",
      status: "issued",
      number: `CN-${year}-0001`,
      subtotalMinor: -20000,
      taxMinor: -4200,
      totalMinor: -24200,
      corrects: { number: `${year}-0001` },
    });
    expect(note.lines.map((l) => [l.kind, l.description, l.amountMinor])).toEqual([
      ["credit", `Credit on invoice ${year}-0001: Four days of downtime`, -20000],
    ]);
    const mail = (await k.t.outbox(k.owner.email)).find((m) => m.kind === "credit-note");
    expect(mail?.subject).toBe(`Credit note CN-${year}-0001 from Cogwork`);
    const text = await pdfText(await (await as(k.member, `/api/billing/invoices/${note.id}/pdf`)).arrayBuffer());
    expect(text).toContain(`No. CN-${year}-0001`);
    expect(text).toContain(`Corrects invoice: ${year}-0001`);
    expect(text).toContain("Credited to");
    expect(text).toContain("-€242.00");
    const original = ZGetInvoiceResponse.parse(
      await (await as(k.member, `/api/billing/invoices/${(await firstInvoice()).id}`)).json(),
    );
    expect(original.invoice.creditNotes).toEqual([{ id: note.id, number: `CN-${year}-0001`, totalMinor: -24200 }]);
  });

  test("no more than the invoice's subtotal is credited; a credit note is not credited or voided", async () => {
    const id = (await firstInvoice()).id;
    const tooMuch = await as(k.staff, `/api/staff/invoices/${id}/credit-notes`, {
      json: { amountMinor: 29001, reason: "Everything" },
    });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { fields: Record<string, string> }).fields.amountMinor).toBe("At most €290.00");
    const rest = ZGetInvoiceResponse.parse(
      await (
        await as(k.staff, `/api/staff/invoices/${id}/credit-notes`, {
          json: { amountMinor: 29000, reason: "The rest" },
        })
      ).json(),
    ).invoice;
    expect(rest.number).toBe(`CN-${year}-0002`);
    expect(
      (await as(k.staff, `/api/staff/invoices/${rest.id}/credit-notes`, { json: { amountMinor: 1, reason: "x" } }))
        .status,
    ).toBe(409);
    expect((await as(k.staff, `/api/staff/invoices/${rest.id}/void`, { json: { reason: "x" } })).status).toBe(409);
    // Invoices keep their own sequence beside the credit notes'.
    const draft = ZGetInvoiceResponse.parse(
      await (await as(k.staff, `/api/staff/companies/${companyId}/invoices`, { json: {} })).json(),
    ).invoice;
    await as(k.staff, `/api/staff/invoices/${draft.id}/lines`, {
      json: { description: "Workshop", amountMinor: 10000 },
    });
    const next = ZGetInvoiceResponse.parse(
      await (await as(k.staff, `/api/staff/invoices/${draft.id}/finalize`, { method: "POST" })).json(),
    );
    expect(next.invoice.number).toBe(`${year}-0002`);
  });
});

async function firstInvoice() {
  const [row] = await k.t.db
    .select()
    .from(invoice)
    .where(eq(invoice.number, `${year}-0001`));
  return row!;
}
