import { formatInvoiceMoney } from "../../../shared/billing-labels";
import {
  formatDuration,
  formatHours,
  formatRate,
  formatReturn,
  honestNotices,
  INCIDENT_KIND_LABELS,
  monthName,
  shortDay,
  versusBefore,
} from "../../../shared/reports-labels";
import { openPdfDocument } from "../billing";

import { drawHoursPerWeek, drawRunsPerDay } from "./report-pdf-charts";
import type { TMonthlyReport } from "../../../shared/reports";

const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/** Where the report is being drawn: the document, its margins, and the y below what is drawn. */
export interface Sheet {
  doc: PDFKit.PDFDocument;
  left: number;
  right: number;
  width: number;
  bottom: number;
  y: number;
}

/** Starts a new page when `height` does not fit below `y`. */
export function room(sheet: Sheet, height: number) {
  if (sheet.y + height <= sheet.bottom) return;
  sheet.doc.addPage();
  sheet.y = 56;
}

function heading(sheet: Sheet, text: string) {
  // A heading keeps its first lines with it: never alone at the foot of a page.
  room(sheet, 110);
  sheet.y += 14;
  sheet.doc.font("bold").fontSize(13).fillColor(INK).text(text, sheet.left, sheet.y);
  sheet.y = sheet.doc.y + 6;
}

function paragraph(sheet: Sheet, text: string, color = INK) {
  room(sheet, 30);
  sheet.doc.font("regular").fontSize(10).fillColor(color).text(text, sheet.left, sheet.y, { width: sheet.width });
  sheet.y = sheet.doc.y + 4;
}

/** A table: the first column takes what the others leave; numbers are right-aligned. */
function table(sheet: Sheet, head: string[], rows: string[][], widths: number[]) {
  const first = sheet.width - widths.reduce((sum, w) => sum + w, 0);
  const columns = [first, ...widths];
  const line = (cells: string[], font: "bold" | "regular") => {
    room(sheet, 20);
    let x = sheet.left;
    let next = sheet.y;
    sheet.doc.font(font).fontSize(9).fillColor(INK);
    cells.forEach((cell, i) => {
      sheet.doc.text(cell, x, sheet.y, { width: columns[i]! - 6, align: i === 0 ? "left" : "right" });
      next = Math.max(next, sheet.doc.y);
      x += columns[i]!;
    });
    sheet.y = next + 4;
  };
  line(head, "bold");
  sheet.doc.moveTo(sheet.left, sheet.y).lineTo(sheet.right, sheet.y).strokeColor(RULE).stroke();
  sheet.y += 4;
  for (const row of rows) line(row, "regular");
}

/** The month's report as a PDF (A4), with the embedded fonts and its two charts drawn as vectors. */
export async function renderReportPdf(report: TMonthlyReport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({
    title: `Monthly report ${monthName(report.month)}: ${report.company.name}`,
    author: "Cogwork",
    compress: options.compress,
  });
  const sheet: Sheet = { doc, left: 56, right: doc.page.width - 56, width: doc.page.width - 112, bottom: 786, y: 56 };
  writeTitle(sheet, report);
  writeHeadline(sheet, report);
  if (report.note) {
    heading(sheet, "What we did this month");
    paragraph(sheet, report.note.body);
  }
  writeRuns(sheet, report);
  writeAutomations(sheet, report);
  writeIncidents(sheet, report);
  writeSupport(sheet, report);
  writePlan(sheet, report);
  writeInvoices(sheet, report);
  doc.end();
  return done;
}

function writeTitle(sheet: Sheet, report: TMonthlyReport) {
  const { doc } = sheet;
  doc
    .font("bold")
    .fontSize(20)
    .fillColor(INK)
    .text(`Monthly report: ${monthName(report.month)}`, sheet.left, 56);
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(MUTED)
    .text(report.company.name, sheet.left, doc.y + 2);
  const span = `${shortDay(report.from)} – ${shortDay(report.to)}, days in ${report.company.timeZone}`;
  doc.fontSize(9).text(span, sheet.left, doc.y + 2);
  sheet.y = doc.y + 8;
  for (const notice of honestNotices(report)) paragraph(sheet, notice, MUTED);
}

/** Hours saved, their value, the fees and the return, in four boxes. */
function writeHeadline(sheet: Sheet, report: TMonthlyReport) {
  const money = (minor: number | null) => (minor === null ? "—" : formatInvoiceMoney(minor, report.company.currency));
  const boxes: [string, string][] = [
    ["Hours saved", report.hasRuns ? formatHours(report.minutesSaved) : "No runs"],
    ["Value of that time", report.hasRuns ? money(report.moneySavedMinor) : "—"],
    ["Fees this month", money(report.feesMinor)],
    ["Return on fees", report.hasRuns ? formatReturn(report.returnRatio) : "—"],
  ];
  room(sheet, 70);
  const gap = 8;
  const w = (sheet.width - gap * 3) / 4;
  boxes.forEach(([label, value], i) => {
    const x = sheet.left + i * (w + gap);
    sheet.doc.roundedRect(x, sheet.y, w, 56, 4).strokeColor(RULE).stroke();
    sheet.doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x + 8, sheet.y + 8, { width: w - 16 });
    sheet.doc
      .font("bold")
      .fontSize(14)
      .fillColor(INK)
      .text(value, x + 8, sheet.y + 26, { width: w - 16 });
  });
  sheet.y += 64;
  if (report.hasRuns && report.netValueMinor !== null)
    paragraph(sheet, `Value of the time saved less the fees: ${money(report.netValueMinor)}.`, MUTED);
}

function writeRuns(sheet: Sheet, report: TMonthlyReport) {
  heading(sheet, "Runs");
  if (!report.hasRuns) {
    paragraph(sheet, "No automation reported a run this month, so there are no results to show yet.");
    return;
  }
  const { runs, previousMonth: before } = report;
  paragraph(
    sheet,
    `${runs.total.toLocaleString("en")} runs, ${versusBefore(runs.total, before.total)} the month before. ` +
      `Success rate ${formatRate(runs.successRate)} (the month before: ${formatRate(before.successRate)}).`,
  );
  room(sheet, 150);
  sheet.y = drawRunsPerDay(sheet, report.days) + 8;
  room(sheet, 130);
  sheet.y = drawHoursPerWeek(sheet, report.weeks) + 8;
}

function writeAutomations(sheet: Sheet, report: TMonthlyReport) {
  if (report.automations.length === 0) return;
  heading(sheet, "Automations");
  const rows = report.automations.map((a) => [
    a.name,
    a.runs.toLocaleString("en"),
    formatRate(a.successRate),
    formatHours(a.minutesSaved),
    a.promisedHoursPerMonth === null ? "—" : `${a.promisedHoursPerMonth} h`,
  ]);
  table(sheet, ["Automation", "Runs", "Success", "Hours saved", "Promised"], rows, [50, 60, 70, 60]);
}

function writeIncidents(sheet: Sheet, report: TMonthlyReport) {
  heading(sheet, "Incidents");
  if (report.incidents.length === 0) return paragraph(sheet, "No automation failed or stopped reporting this month.");
  const rows = report.incidents.map((i) => [
    `${i.automationName}: ${INCIDENT_KIND_LABELS[i.kind]}`,
    shortDay(i.openedAt),
    i.minutesToRecover === null ? "Not yet recovered" : formatDuration(i.minutesToRecover),
  ]);
  table(sheet, ["Automation", "Began", "Recovered after"], rows, [70, 110]);
}

function writeSupport(sheet: Sheet, report: TMonthlyReport) {
  const s = report.support;
  heading(sheet, "Support");
  if (s.opened === 0 && s.resolved === 0) return paragraph(sheet, "No support tickets were opened or resolved.");
  const average = (minutes: number | null) => (minutes === null ? "—" : formatDuration(minutes));
  table(
    sheet,
    ["", "Tickets", "Within target", "Average"],
    [
      [
        "First response (opened this month)",
        `${s.answered} of ${s.opened}`,
        `${s.answeredInTime}`,
        average(s.averageFirstResponseMinutes),
      ],
      ["Resolution (resolved this month)", `${s.resolved}`, `${s.resolvedInTime}`, average(s.averageResolutionMinutes)],
    ],
    [60, 80, 80],
  );
}

function writePlan(sheet: Sheet, report: TMonthlyReport) {
  const { delivered, inProgress, awaitingClient } = report.plan;
  heading(sheet, "The plan");
  const list = (title: string, items: string[], none: string) =>
    paragraph(sheet, `${title}: ${items.length ? items.join("; ") : none}`);
  list(
    "Delivered this month",
    delivered.map((i) => `${i.title} (live ${shortDay(i.liveAt)})`),
    "nothing new went live",
  );
  heading(sheet, "What comes next");
  list(
    "Being built",
    inProgress.map((i) => `${i.title}${i.targetDate ? ` (target ${shortDay(i.targetDate)})` : ""}`),
    "nothing at the moment",
  );
  list(
    "Proposals waiting for your approval",
    awaitingClient.map((i) => i.title),
    "none",
  );
}

function writeInvoices(sheet: Sheet, report: TMonthlyReport) {
  heading(sheet, "Invoices this month");
  if (report.invoices.length === 0) return paragraph(sheet, "No invoice was issued this month.");
  const money = (minor: number) => formatInvoiceMoney(minor, report.company.currency);
  const rows = report.invoices.map((i) => [
    i.number,
    shortDay(i.issuedAt),
    i.status === "paid" ? "Paid" : "Open",
    money(i.totalMinor),
  ]);
  table(
    sheet,
    ["Invoice", "Issued", "Status", "Amount"],
    [...rows, ["Total", "", "", money(report.feesMinor)]],
    [70, 60, 100],
  );
}
