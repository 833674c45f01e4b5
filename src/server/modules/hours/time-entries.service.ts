import { and, eq } from "drizzle-orm";
import { dayOf } from "../../../shared/days";
import { formatMinutes } from "../../../shared/hours-labels";
import { lockClientCompany } from "../../context/company-scope";
import { timeEntry } from "../../db/schema/hours";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { entryRow, isLocked, staffEntryView } from "./entry-view";
import { firstOpenDay } from "./get-hours.service";
import { sendHoursNotices } from "./hours-notices";
import { companyHours, type CompanyHours } from "./hours-terms";
import { periodEntries, tally } from "./tally";
import type { TStaffTimeEntry } from "../../../shared/hours";
import type { ActorContext } from "../../context/service-context";

export const NO_SUCH_ENTRY = "There is no such time entry.";
export const LOCKED_ENTRY =
  "This time is on an invoice already: its period has been billed, so it can no longer be changed. Log a new entry in the current period instead.";

export interface EntryFields {
  day: string;
  minutes: number;
  description: string;
  internalNote: string | null;
  billable: boolean;
}

/** Refuses a day outside the period open to changes, or after today in the company's time zone. */
function checkDay(hours: CompanyHours, day: string, now: Date) {
  const today = dayOf(now, hours.timeZone);
  if (day > today)
    throw new AppError("VALIDATION", `Time can be logged up to today (${today}).`, {
      fields: { day: `Up to ${today}` },
    });
  const open = firstOpenDay(hours);
  if (open && day < open)
    throw conflict(
      `${day} belongs to a period that has been invoiced; time can be logged from ${open} on.`,
      "period-invoiced",
    );
}

/**
 * The part of an entry beyond the budget, given the period's other entries, on a plan whose extra
 * time needs the owner's approval: that part waits as "awaiting" until the owner decides.
 */
async function approvalOf(ctx: ActorContext, hours: CompanyHours, fields: EntryFields, exceptId: string | null) {
  const none = { extraMinutes: 0, approval: null };
  if (!hours.terms.overageNeedsApproval || !fields.billable || !hours.period.subscribed) return none;
  const { firstDay, lastDay } = hours.period;
  const others = (await periodEntries(ctx.db, hours.companyId, firstDay, lastDay)).filter((e) => e.id !== exceptId);
  const before = tally(hours, others);
  const extraMinutes = Math.min(
    fields.minutes,
    Math.max(0, before.usedMinutes + fields.minutes - before.budgetMinutes),
  );
  return extraMinutes > 0 ? { extraMinutes, approval: "awaiting" as const } : none;
}

async function checkTarget(
  ctx: ActorContext,
  companyId: string,
  target: { ticketId?: string | null; planItemId?: string | null },
) {
  if (target.ticketId && target.planItemId)
    throw new AppError("VALIDATION", "Log time on a ticket or a plan item, not both.", {
      fields: { ticketId: "Choose one" },
    });
  if (target.ticketId) {
    const [row] = await ctx.db
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(eq(ticket.id, target.ticketId), eq(ticket.companyId, companyId)));
    if (!row) throw notFound("There is no such ticket for this client.");
  }
  if (target.planItemId) {
    const [row] = await ctx.db
      .select({ id: planItem.id })
      .from(planItem)
      .where(and(eq(planItem.id, target.planItemId), eq(planItem.companyId, companyId)));
    if (!row) throw notFound("There is no such plan item for this client.");
  }
}

/** After a write: the period's notices, and the entry as staff see it. */
async function afterWrite(ctx: ActorContext, companyId: string, entryId: string | null) {
  const hours = (await companyHours(ctx.db, companyId, ctx.now))!;
  const entries = await periodEntries(ctx.db, companyId, hours.period.firstDay, hours.period.lastDay);
  await sendHoursNotices(ctx, hours, tally(hours, entries));
  if (!entryId) return null;
  return staffEntryView((await entryRow(ctx.db, entryId))!, firstOpenDay(hours));
}

const sentence = (fields: Pick<EntryFields, "minutes" | "day" | "description">) =>
  `${formatMinutes(fields.minutes)} on ${fields.day}: ${fields.description}`;

/** Staff log time for a client (by themselves, or stopped from a timer): checked, audited, in one transaction. */
export async function createTimeEntry(
  ctx: ActorContext,
  input: EntryFields & { companyId: string; ticketId?: string | null; planItemId?: string | null },
): Promise<TStaffTimeEntry> {
  return ctx.transaction(async (ttx) => {
    const client = await lockClientCompany(ttx.db, input.companyId);
    const hours = (await companyHours(ttx.db, input.companyId, ttx.now))!;
    checkDay(hours, input.day, ttx.now);
    await checkTarget(ttx, input.companyId, input);
    const { companyId, day, minutes, description, internalNote, billable } = input;
    const [created] = await ttx.db
      .insert(timeEntry)
      .values({
        companyId,
        ticketId: input.ticketId ?? null,
        planItemId: input.planItemId ?? null,
        day,
        minutes,
        description,
        internalNote,
        billable,
        userId: ttx.actor.id,
        ...(await approvalOf(ttx, hours, input, null)),
      })
      .returning();
    await audit(ttx, {
      action: "time_entry.created",
      companyId,
      objectType: "time_entry",
      objectId: created!.id,
      summary: `${client.name}: ${sentence(input)}`,
      after: { day, minutes, description, billable, ticketId: created!.ticketId, planItemId: created!.planItemId },
    });
    return (await afterWrite(ttx, companyId, created!.id))!;
  });
}

/** The entry to change, under its company's lock; 404 when there is none, 409 once its period is invoiced. */
async function openEntry(ctx: ActorContext, entryId: string) {
  const [found] = await ctx.db
    .select({ companyId: timeEntry.companyId })
    .from(timeEntry)
    .where(eq(timeEntry.id, entryId));
  if (!found) throw notFound(NO_SUCH_ENTRY);
  const client = await lockClientCompany(ctx.db, found.companyId);
  const [entry] = await ctx.db.select().from(timeEntry).where(eq(timeEntry.id, entryId));
  if (!entry) throw notFound(NO_SUCH_ENTRY);
  const hours = (await companyHours(ctx.db, entry.companyId, ctx.now))!;
  if (isLocked(entry, firstOpenDay(hours))) throw conflict(LOCKED_ENTRY, "entry-invoiced");
  return { client, entry, hours };
}

/** Staff correct an entry until its period is invoiced; an owner's decision on it stands only if its extra time is unchanged. */
export async function updateTimeEntry(
  ctx: ActorContext,
  input: Partial<EntryFields> & { entryId: string },
): Promise<TStaffTimeEntry> {
  return ctx.transaction(async (ttx) => {
    const { client, entry, hours } = await openEntry(ttx, input.entryId);
    const fields: EntryFields = {
      day: input.day ?? entry.day,
      minutes: input.minutes ?? entry.minutes,
      description: input.description ?? entry.description,
      internalNote: input.internalNote !== undefined ? input.internalNote : entry.internalNote,
      billable: input.billable ?? entry.billable,
    };
    checkDay(hours, fields.day, ttx.now);
    const approval = await approvalOf(ttx, hours, fields, entry.id);
    const keepsDecision = approval.extraMinutes === entry.extraMinutes && approval.approval !== null;
    await ttx.db
      .update(timeEntry)
      .set({ ...fields, ...(keepsDecision ? {} : approval), updatedAt: ttx.now })
      .where(eq(timeEntry.id, entry.id));
    await audit(ttx, {
      action: "time_entry.updated",
      companyId: entry.companyId,
      objectType: "time_entry",
      objectId: entry.id,
      summary: `${client.name}: ${sentence(fields)}`,
      before: {
        day: entry.day,
        minutes: entry.minutes,
        description: entry.description,
        internalNote: entry.internalNote,
        billable: entry.billable,
      },
      after: { ...fields },
    });
    return (await afterWrite(ttx, entry.companyId, entry.id))!;
  });
}

export async function deleteTimeEntry(ctx: ActorContext, input: { entryId: string }) {
  return ctx.transaction(async (ttx) => {
    const { client, entry } = await openEntry(ttx, input.entryId);
    await ttx.db.delete(timeEntry).where(eq(timeEntry.id, entry.id));
    await audit(ttx, {
      action: "time_entry.deleted",
      companyId: entry.companyId,
      objectType: "time_entry",
      objectId: entry.id,
      summary: `${client.name}: deleted ${sentence(entry)}`,
      before: { day: entry.day, minutes: entry.minutes, description: entry.description, billable: entry.billable },
    });
    return { deleted: true as const };
  });
}
