/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula, so such text is prefixed with ' and shown as typed; cells holding
 * a comma, a quote or a line break are quoted, their quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (RFC 4180), ended by CRLF. */
export const csvLine = (cells: (string | number | null)[]) => cells.map(csvCell).join(",") + "\r\n";

/** Put first in a CSV file, so that spreadsheets read it as UTF-8. */
export const BYTE_ORDER_MARK = "\uFEFF";
