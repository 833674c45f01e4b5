import { SUBSCRIPTION_STATUS_LABELS } from "../../../shared/billing-labels";
import { COMPANY_STATUS_LABELS, type TClientRow } from "../../../shared/clients";
import { csvCell } from "../../lib/csv";
import { clientsQuery, toClientRow, type ClientsView } from "./list-clients.service";
import type { ServiceContext } from "../../context/service-context";

const HEADER = [
  "Company",
  "Status",
  "Main contact",
  "Main contact email",
  "Automations live",
  "Automations (not retired)",
  "Failure rate 7 days (%)",
  "Hours saved 30 days",
  "Plan",
  "MRR",
  "Currency",
  "Open tickets",
  "Last activity (UTC)",
];

export { csvCell };

function csvLine(row: TClientRow): string {
  const cells = [
    row.name,
    COMPANY_STATUS_LABELS[row.status],
    row.mainContact?.name ?? null,
    row.mainContact?.email ?? null,
    row.automationsLive,
    row.automationsTotal,
    row.failureRate7d === null ? null : Math.round(row.failureRate7d * 1000) / 10,
    row.hoursSaved30d,
    row.plan
      ? `${row.plan.name}${row.plan.status === "active" ? "" : ` (${SUBSCRIPTION_STATUS_LABELS[row.plan.status]})`}`
      : null,
    (row.mrrMinor / 100).toFixed(2),
    row.currency,
    row.openTickets,
    row.lastActivityAt?.replace(/\.\d{3}Z$/, "Z") ?? null,
  ];
  return cells.map(csvCell).join(",");
}

/**
 * The whole filtered and sorted view of the clients table as CSV (RFC 4180, CRLF line ends),
 * with a byte order mark so that spreadsheets read the names as UTF-8.
 */
export async function exportClientsCsv(ctx: ServiceContext, view: ClientsView) {
  const { db, now } = ctx;
  const rows = (await clientsQuery(db, view, { contacts: true, now })).map(toClientRow);
  const body = "\uFEFF" + [HEADER.map(csvCell).join(","), ...rows.map(csvLine)].join("\r\n") + "\r\n";
  return { body, fileName: `clients-${now.toISOString().slice(0, 10)}.csv` };
}
