import { formatHours, shortDay } from "../../../shared/reports-labels";
import type { Sheet } from "./report-pdf";
import type { TMonthlyReport } from "../../../shared/reports";

const OUTCOMES = [
  { key: "success", label: "Succeeded", color: "#16a34a" },
  { key: "failed", label: "Failed", color: "#dc2626" },
  { key: "skipped", label: "Skipped", color: "#94a3b8" },
  { key: "running", label: "Running", color: "#2563eb" },
] as const;
const AXIS = "#94a3b8";
const MUTED = "#475569";

/** A chart's title, and its frame's top and height. */
function chartTitle(sheet: Sheet, title: string) {
  sheet.doc.font("bold").fontSize(10).fillColor("#0f172a").text(title, sheet.left, sheet.y);
  return sheet.doc.y + 6;
}

/** Runs per day by outcome, stacked bars drawn as vector paths; returns the y below the chart. */
export function drawRunsPerDay(sheet: Sheet, days: TMonthlyReport["days"]): number {
  const { doc, left, width } = sheet;
  const top = chartTitle(sheet, "Runs per day, by outcome");
  const height = 90;
  const axisX = left + 28;
  const plotWidth = width - 28;
  const max = Math.max(1, ...days.map((d) => d.success + d.failed + d.skipped + d.running));
  doc.font("regular").fontSize(7).fillColor(MUTED);
  doc.text(max.toLocaleString("en"), left, top - 3, { width: 24, align: "right" });
  doc.text("0", left, top + height - 6, { width: 24, align: "right" });
  doc
    .moveTo(axisX, top + height)
    .lineTo(axisX + plotWidth, top + height)
    .strokeColor(AXIS)
    .lineWidth(0.5)
    .stroke();
  const slot = plotWidth / days.length;
  days.forEach((day, i) => {
    let base = top + height;
    for (const outcome of OUTCOMES) {
      const h = (day[outcome.key] / max) * height;
      if (h <= 0) continue;
      doc.rect(axisX + i * slot + slot * 0.15, base - h, slot * 0.7, h).fill(outcome.color);
      base -= h;
    }
    if (i % 7 === 0 || i === days.length - 1)
      doc.fillColor(MUTED).text(shortDay(day.day), axisX + i * slot - 10, top + height + 3, { width: 40 });
  });
  let x = axisX;
  const legendY = top + height + 16;
  for (const outcome of OUTCOMES) {
    doc.rect(x, legendY + 1, 7, 7).fill(outcome.color);
    doc.fillColor(MUTED).text(outcome.label, x + 10, legendY, { lineBreak: false });
    x += 70;
  }
  return legendY + 14;
}

/** Hours saved per calendar week of the month, bars with their values; returns the y below the chart. */
export function drawHoursPerWeek(sheet: Sheet, weeks: TMonthlyReport["weeks"]): number {
  const { doc, left, width } = sheet;
  const top = chartTitle(sheet, "Hours saved per week");
  const height = 70;
  const max = Math.max(1, ...weeks.map((w) => w.minutesSaved));
  const slot = width / weeks.length;
  doc
    .moveTo(left, top + height + 12)
    .lineTo(left + width, top + height + 12)
    .strokeColor(AXIS)
    .lineWidth(0.5)
    .stroke();
  doc.font("regular").fontSize(7);
  weeks.forEach((week, i) => {
    const h = (week.minutesSaved / max) * height;
    const x = left + i * slot + slot * 0.2;
    if (h > 0) doc.rect(x, top + 12 + height - h, slot * 0.6, h).fill("#0d9488");
    doc
      .fillColor("#0f172a")
      .text(formatHours(week.minutesSaved), x - 10, top + height - h, { width: slot * 0.6 + 20, align: "center" });
    const span = week.from === week.to ? shortDay(week.from) : `${shortDay(week.from)} – ${shortDay(week.to)}`;
    doc.fillColor(MUTED).text(span, left + i * slot, top + height + 15, { width: slot, align: "center" });
  });
  return top + height + 28;
}
