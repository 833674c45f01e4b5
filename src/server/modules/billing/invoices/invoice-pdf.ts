import { formatInvoiceMoney, formatTaxRate } from "../../../../shared/billing-labels";
import { formatMinutes } from "../../../../shared/hours-labels";
import { openPdfDocument } from "../pdf-document";
import type { TInvoice } from "../../../../shared/billing";

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** The invoice as a PDF (A4), with an embedded TrueType font so that any name prints. */
export async function renderInvoicePdf(data: TInvoice, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = await openDocument(data, options);
  const left = 56;
  const right = doc.page.width - 56;
  const page: Page = {
    doc,
    left,
    right,
    width: right - left,
    money: (minor) => formatInvoiceMoney(minor, data.currency),
  };
  let y = writeHeader(page, data);
  y = writeLines(page, data, y);
  y = writeTotals(page, data, y);
  y = writePaymentNote(page, data, y + 20);
  writeHoursEntries(page, data, y + 20);
  doc.end();
  return done;
}

interface Page {
  doc: PDFKit.PDFDocument;
  left: number;
  right: number;
  width: number;
  money: (minor: number) => string;
}

/** The invoice's document: A4 with the embedded fonts. */
const openDocument = (data: TInvoice, options: { compress?: boolean }) =>
  openPdfDocument({
    title: `${documentTitle(data)} ${data.number ?? "draft"}`,
    author: data.payee.legalName,
    compress: options.compress,
  });

const STATUS_LABELS: Record<TInvoice["status"], string> = {
  void: "Void",
  paid: "Paid",
  open: "Open",
  draft: "Draft",
  issued: "Issued",
};
const statusLabel = (status: TInvoice["status"]) => STATUS_LABELS[status];

const documentTitle = (data: TInvoice) => (data.kind === "credit_note" ? "Credit note" : "Invoice");

/** A party's legal lines: name, address, VAT and company numbers. */
const partyLines = (party: TInvoice["payee"]) =>
  [
    party.address,
    party.vatNumber && `VAT ${party.vatNumber}`,
    party.companyNumber && `Company no. ${party.companyNumber}`,
  ]
    .filter(Boolean)
    .join("\n");

/** Issuer and its legal details, number, dates and status, then who is billed; returns where the lines start. */
function writeHeader({ doc, left, width }: Page, data: TInvoice) {
  doc
    .font("bold")
    .fontSize(20)
    .text(data.payTo.issuer, left, 56, { width: width / 2 });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor("#475569")
    .text(documentTitle(data), left, doc.y + 2);
  doc
    .fillColor("#0f172a")
    .font("bold")
    .fontSize(9)
    .text(data.payee.legalName, left, doc.y + 6, { width: width / 2 });
  const payeeLines = partyLines(data.payee);
  if (payeeLines) doc.font("regular").text(payeeLines, left, doc.y, { width: width / 2 });
  const issuerBottom = doc.y;
  doc
    .fillColor("#0f172a")
    .font("bold")
    .fontSize(14)
    .text(data.number ? `No. ${data.number}` : "Draft", left, 56, { width, align: "right" });
  doc.font("regular").fontSize(10);
  const meta: Array<[string, string]> = [
    ["Issued", day(data.issuedAt)],
    ["Due", day(data.dueAt)],
    ...(data.periodStart
      ? ([["Period", `${day(data.periodStart)} – ${day(data.periodEnd)}`]] as Array<[string, string]>)
      : []),
    ...(data.corrects ? ([["Corrects invoice", data.corrects.number]] as Array<[string, string]>) : []),
    ["Status", statusLabel(data.status)],
  ];
  let y = 80;
  for (const [label, value] of meta) {
    doc.text(`${label}: ${value}`, left, y, { width, align: "right" });
    y += 14;
  }
  y = Math.max(y, issuerBottom, 110) + 20;
  doc
    .font("bold")
    .fontSize(10)
    .text(data.kind === "credit_note" ? "Credited to" : "Billed to", left, y);
  const payer = data.payer;
  doc.font("regular").text(payer?.legalName ?? data.companyName, left, y + 14, { width: width / 2 });
  if (payer) doc.text(partyLines(payer), left, doc.y, { width: width / 2 });
  return doc.y + 28;
}

/** The table of lines between two rules; returns the y below it. */
function writeLines({ doc, left, right, width, money }: Page, data: TInvoice, top: number) {
  let y = top;
  doc.font("bold").text("Description", left, y);
  doc.text("Amount", left, y, { width, align: "right" });
  y += 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor("#cbd5e1").stroke();
  y += 8;
  doc.font("regular");
  for (const line of data.lines) {
    doc.text(line.description, left, y, { width: width - 120 });
    const next = doc.y;
    doc.text(money(line.amountMinor), right - 120, y, { width: 120, align: "right" });
    y = Math.max(next, doc.y) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor("#cbd5e1").stroke();
  return y + 10;
}

function writeTotals({ doc, right, money }: Page, data: TInvoice, top: number) {
  let y = top;
  const totals: Array<[string, string, boolean]> = [
    ["Subtotal", money(data.subtotalMinor), false],
    [`Tax ${formatTaxRate(data.taxRateBp)}`, money(data.taxMinor), false],
    ["Total", money(data.totalMinor), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? "bold" : "regular").text(label, right - 260, y, { width: 130 });
    doc.text(value, right - 120, y, { width: 120, align: "right" });
    y += 16;
  }
  return y;
}

/** The time entries behind the "Extra hours" line: day, what was done, who, how long. */
function writeHoursEntries({ doc, left, right, width }: Page, data: TInvoice, top: number) {
  const entries = data.hoursEntries ?? [];
  if (entries.length === 0) return;
  doc.font("bold").text("Time worked in the period", left, top, { width });
  doc.font("regular");
  let y = doc.y + 6;
  for (const entry of entries) {
    if (y > doc.page.height - 80) {
      doc.addPage();
      y = 56;
    }
    doc.text(`${entry.day}  ${entry.description}${entry.by ? ` (${entry.by})` : ""}`, left, y, { width: width - 80 });
    const next = doc.y;
    doc.text(formatMinutes(entry.minutes), right - 80, y, { width: 80, align: "right" });
    y = Math.max(next, doc.y) + 4;
  }
}

/** Void, paid, or how to pay (with the bank details that are set); returns the y below it. */
function writePaymentNote({ doc, left, width, money }: Page, data: TInvoice, y: number): number {
  doc.font("regular");
  if (data.kind === "credit_note")
    doc.text(`This credit note takes ${money(-data.totalMinor)} off invoice ${data.corrects?.number ?? ""}.`, left, y, {
      width,
    });
  else if (data.status === "void") doc.text(`This invoice is void: ${data.voidReason ?? ""}`, left, y, { width });
  else if (data.status === "paid") doc.text(`Paid on ${data.paidOn ?? ""}. Thank you.`, left, y, { width });
  else {
    const bank = [
      data.payTo.payee && `Account holder: ${data.payTo.payee}`,
      data.payTo.iban && `IBAN: ${data.payTo.iban}`,
      data.payTo.bic && `BIC: ${data.payTo.bic}`,
    ]
      .filter(Boolean)
      .join("\n");
    doc.text(
      `Please pay ${money(data.totalMinor)} by ${day(data.dueAt)}, quoting ${data.number ?? "the invoice number"}.`,
      left,
      y,
      { width },
    );
    if (bank) doc.moveDown(0.5).text(bank, { width });
    if (data.payTo.instructions) doc.moveDown(0.5).text(data.payTo.instructions, { width });
  }
  return doc.y;
}
