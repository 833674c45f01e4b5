import { expect, test } from "vitest";
import { renderInvoicePdf } from "./invoice-pdf";
import type { TInvoice } from "../../../../shared/billing";

/** The text of every page, as a PDF reader extracts it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

export const sampleInvoice: TInvoice = {
  id: "00000000-0000-4000-8000-000000000001",
  number: "2026-0042",
  status: "open",
  kind: "invoice",
  companyId: "00000000-0000-4000-8000-000000000002",
  companyName: "Łódź Ørsted Ünal & Søn, Ελλάς, Москва",
  currency: "EUR",
  totalMinor: 215380,
  issuedAt: "2026-11-23T08:00:00.000Z",
  dueAt: "2026-12-07T08:00:00.000Z",
  overdue: false,
  paidOn: null,
  createdAt: "2026-11-23T08:00:00.000Z",
  periodStart: "2026-11-23T08:00:00.000Z",
  periodEnd: "2026-12-23T08:00:00.000Z",
  lines: [
    {
      id: "00000000-0000-4000-8000-000000000003",
      kind: "plan",
      description: "Growth plan, monthly",
      amountMinor: 129000,
    },
    {
      id: "00000000-0000-4000-8000-000000000004",
      kind: "setup_fee",
      description: "Setup: invoice sync",
      amountMinor: 49000,
    },
  ],
  subtotalMinor: 178000,
  taxRateBp: 2100,
  taxMinor: 37380,
  paidAmountMinor: null,
  paymentReference: null,
  voidReason: null,
  payTo: { issuer: "Cogwork", payee: "Cogwork B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A", instructions: null },
  payee: {
    legalName: "Cogwork B.V.",
    address: "Herengracht 1\n1015 BA Amsterdam",
    vatNumber: "NL001234567B01",
    companyNumber: "KvK 12345678",
  },
  payer: null,
  corrects: null,
  creditNotes: [],
};

test("an invoice renders to a PDF that holds its number, client, lines, tax and total", async () => {
  const pdf = await renderInvoicePdf(sampleInvoice);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // The font is embedded (a TrueType subset), not one of the 14 standard fonts.
  expect(pdf.toString("latin1")).toMatch(/\/FontFile2/);
  const text = (await pdfText(pdf)).replace(/\s+/g, " ");
  expect(text).toContain("No. 2026-0042");
  expect(text).toContain("Łódź Ørsted Ünal & Søn, Ελλάς, Москва");
  expect(text).toContain("Growth plan, monthly");
  expect(text).toContain("€1,290.00");
  expect(text).toContain("Setup: invoice sync");
  expect(text).toContain("Tax 21 %");
  expect(text).toContain("€373.80");
  expect(text).toContain("Total");
  expect(text).toContain("€2,153.80");
  expect(text).toContain("IBAN: NL91ABNA0417164300");
}, 30_000);
