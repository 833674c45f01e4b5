import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { timeEntry } from "../../db/schema/hours";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import type { TStaffTimeEntry, TTimeEntry } from "../../../shared/hours";
import type { Database } from "../../db/client";

const entryColumns = {
  entry: timeEntry,
  byName: user.name,
  ticketSubject: ticket.subject,
  planItemTitle: planItem.title,
};

type EntryRow = {
  entry: typeof timeEntry.$inferSelect;
  byName: string | null;
  ticketSubject: string | null;
  planItemTitle: string | null;
};

/** An entry as staff see it; `firstOpenDay` is the first day of the period still open to changes. */
export function staffEntryView(row: EntryRow, firstOpenDay: string | null): TStaffTimeEntry {
  const { entry } = row;
  return {
    id: entry.id,
    day: entry.day,
    minutes: entry.minutes,
    description: entry.description,
    billable: entry.billable,
    by: row.byName,
    ticket: entry.ticketId && row.ticketSubject ? { id: entry.ticketId, subject: row.ticketSubject } : null,
    planItem: entry.planItemId && row.planItemTitle ? { id: entry.planItemId, title: row.planItemTitle } : null,
    extraMinutes: entry.extraMinutes,
    approval: entry.approval,
    locked: isLocked(entry, firstOpenDay),
    internalNote: entry.internalNote,
    userId: entry.userId,
  };
}

/** The same entry for the client: never the internal note, nor the account behind the name. */
export function clientEntryView(row: EntryRow, firstOpenDay: string | null): TTimeEntry {
  const { internalNote: _note, userId: _user, ...view } = staffEntryView(row, firstOpenDay);
  return view;
}

/** Settled, or dated before the period open now: its period is invoiced. */
export const isLocked = (entry: { settlementId: string | null; day: string }, firstOpenDay: string | null) =>
  entry.settlementId !== null || (firstOpenDay !== null && entry.day < firstOpenDay);

function entriesQuery(db: Pick<Database, "select">) {
  return db
    .select(entryColumns)
    .from(timeEntry)
    .leftJoin(user, eq(user.id, timeEntry.userId))
    .leftJoin(ticket, eq(ticket.id, timeEntry.ticketId))
    .leftJoin(planItem, eq(planItem.id, timeEntry.planItemId))
    .$dynamic();
}

/** A company's entries between two days, newest first; billable ones only for a client. */
export async function entryRows(
  db: Database,
  input: { companyId: string; firstDay: string; lastDay: string; billableOnly: boolean },
) {
  const filters = [
    eq(timeEntry.companyId, input.companyId),
    gte(timeEntry.day, input.firstDay),
    lte(timeEntry.day, input.lastDay),
  ];
  if (input.billableOnly) filters.push(eq(timeEntry.billable, true));
  return entriesQuery(db)
    .where(and(...filters))
    .orderBy(desc(timeEntry.day), desc(timeEntry.createdAt));
}

export async function entryRow(db: Database, entryId: string) {
  const [row] = await entriesQuery(db).where(eq(timeEntry.id, entryId));
  return row ?? null;
}

/** The entries a settlement billed, in the order they were worked (the invoice PDF lists them). */
export async function settledEntryRows(db: Pick<Database, "select">, settlementIds: string[]) {
  if (settlementIds.length === 0) return [];
  return entriesQuery(db)
    .where(and(inArray(timeEntry.settlementId, settlementIds), eq(timeEntry.billable, true)))
    .orderBy(asc(timeEntry.day), asc(timeEntry.createdAt));
}
