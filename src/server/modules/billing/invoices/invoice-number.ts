import { sql } from "drizzle-orm";
import { creditNoteNumberCounter, invoiceNumberCounter } from "../../../db/schema/billing";
import type { Database } from "../../../db/client";

/**
 * The next number of the year's gapless sequence (`2026-0001`). The upsert locks the year's
 * counter row until the finalizing transaction ends: a concurrent finalization waits for it, and
 * a rolled-back one gives its number back, so numbers never repeat and never skip.
 */
export async function takeInvoiceNumber(tx: Database, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceNumberCounter)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumberCounter.year,
      set: { lastNumber: sql`${invoiceNumberCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberCounter.lastNumber });
  if (!row) throw new Error("the invoice number counter returned nothing");
  return `${year}-${String(row.lastNumber).padStart(4, "0")}`;
}

/** The next number of the year's credit notes (`CN-2026-0001`): a gapless sequence of their own, taken the same way. */
export async function takeCreditNoteNumber(tx: Database, year: number): Promise<string> {
  const [row] = await tx
    .insert(creditNoteNumberCounter)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteNumberCounter.year,
      set: { lastNumber: sql`${creditNoteNumberCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: creditNoteNumberCounter.lastNumber });
  if (!row) throw new Error("the credit note number counter returned nothing");
  return `CN-${year}-${String(row.lastNumber).padStart(4, "0")}`;
}
