import path from "node:path";
import PDFDocument from "pdfkit";
import { formatInvoiceMoney, formatTaxRate } from "../../../shared/billing";
import { assetFile } from "../../lib/asset-file";
import type { TInvoice } from "../../../shared/billing-schemas";

/** The DejaVu fonts shipped in assets/fonts (their licence beside them). */
const fontsFolder = () => path.dirname(assetFile("fonts", "DejaVuSans.ttf"));

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** The invoice as a PDF (A4), with an embedded TrueType font so that any name prints. */
export function renderInvoicePdf(data: TInvoice, options: { compress?: boolean } = {}): Promise<Buffer> {
  const fonts = fontsFolder();
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: options.compress ?? true,
    font: path.join(fonts, "DejaVuSans.ttf"),
    info: { Title: `Invoice ${data.number ?? "draft"}`, Author: data.payTo.issuer },
  });
  doc.registerFont("regular", path.join(fonts, "DejaVuSans.ttf"));
  doc.registerFont("bold", path.join(fonts, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (minor: number) => formatInvoiceMoney(minor, data.currency);
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  doc.font("bold").fontSize(20).text(data.payTo.issuer, left, 56);
  doc.font("regular").fontSize(10).fillColor("#475569").text("Invoice", left, 84);
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
    [
      "Status",
      data.status === "void" ? "Void" : data.status === "paid" ? "Paid" : data.status === "open" ? "Open" : "Draft",
    ],
  ];
  let y = 80;
  for (const [label, value] of meta) {
    doc.text(`${label}: ${value}`, left, y, { width, align: "right" });
    y += 14;
  }
  y = Math.max(y, 110) + 20;
  doc.font("bold").text("Billed to", left, y);
  doc.font("regular").text(data.companyName, left, y + 14, { width: width / 2 });
  y = doc.y + 28;

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
  y += 10;
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
  y += 20;
  doc.font("regular");
  if (data.status === "void") doc.text(`This invoice is void: ${data.voidReason ?? ""}`, left, y, { width });
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
  }
  doc.end();
  return done;
}
