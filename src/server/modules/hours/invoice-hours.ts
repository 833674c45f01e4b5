import { and, eq, like } from "drizzle-orm";
import { pendingCharge } from "../../db/schema/billing";
import { hoursSettlement } from "../../db/schema/hours";
import { settledEntryRows } from "./entry-view";
import { settlementOfSource } from "./settle-hours";
import type { TInvoiceHoursEntry } from "../../../shared/billing";
import type { Database } from "../../db/client";

/** The billable entries behind an invoice's "Extra hours" line: those of the settlement its charge came from. */
export async function invoiceHoursEntries(
  db: Pick<Database, "select">,
  invoiceId: string,
): Promise<TInvoiceHoursEntry[]> {
  const charges = await db
    .select({ source: pendingCharge.source })
    .from(pendingCharge)
    .where(and(eq(pendingCharge.invoiceId, invoiceId), like(pendingCharge.source, "hours:%")));
  // Card invoices carry them as a Stripe invoice item: the settlement names that invoice.
  const byCard = await db
    .select({ id: hoursSettlement.id })
    .from(hoursSettlement)
    .where(eq(hoursSettlement.invoiceId, invoiceId));
  const ids = [
    ...charges.map((charge) => settlementOfSource(charge.source)).filter((id): id is string => id !== null),
    ...byCard.map((row) => row.id),
  ];
  const rows = await settledEntryRows(db, ids);
  return rows.map((row) => ({
    day: row.entry.day,
    description: row.entry.description,
    by: row.byName,
    minutes: row.entry.minutes - (row.entry.approval === "declined" ? row.entry.extraMinutes : 0),
  }));
}
