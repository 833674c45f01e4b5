import { dayOf } from "../../../shared/days";
import { requireCompany } from "../../context/company-scope";
import { notFound } from "../../lib/app-error";
import { clientEntryView, entryRows, staffEntryView } from "./entry-view";
import { companyHours, type CompanyHours } from "./hours-terms";
import { burnDown, periodEntries, tally } from "./tally";
import type { TGetHoursResponse, THoursSummary, TStaffHoursResponse } from "../../../shared/hours";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/** The amount of `minutes` at an hourly rate, rounded half up to the minor unit. */
export const overageAmount = (minutes: number, rateMinor: number) => Math.round((minutes * rateMinor) / 60);

/** The period's figures as of `now`. */
export async function summaryOf(db: Database, hours: CompanyHours, now: Date): Promise<THoursSummary> {
  const { period } = hours;
  const entries = await periodEntries(db, hours.companyId, period.firstDay, period.lastDay);
  const figures = tally(hours, entries);
  return {
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    subscribed: period.subscribed,
    currency: hours.currency,
    terms: hours.terms,
    includedMinutes: hours.includedMinutes,
    rolledOverMinutes: hours.rolledInMinutes,
    usedMinutes: figures.usedMinutes,
    leftMinutes: figures.leftMinutes,
    awaitingMinutes: figures.awaitingMinutes,
    approvedMinutes: figures.approvedMinutes,
    declinedMinutes: figures.declinedMinutes,
    overageMinutes: period.subscribed ? figures.overageMinutes : 0,
    overageMinor: period.subscribed ? overageAmount(figures.overageMinutes, hours.terms.overageRateMinor) : 0,
    burnDown: burnDown(figures.budgetMinutes, period.firstDay, period.lastDay, dayOf(now, hours.timeZone), entries),
  };
}

/** The first day still open to changes: the current period's first when the company is billed for hours. */
export const firstOpenDay = (hours: CompanyHours) => (hours.period.subscribed ? hours.period.firstDay : null);

async function loadHours(ctx: ServiceContext, companyId: string) {
  const hours = await companyHours(ctx.db, companyId, ctx.now);
  if (!hours) throw notFound("Your account does not belong to a client company.");
  return hours;
}

/** A client's hours this period: the figures and the billable entries, without staff's notes. */
export async function getHours(ctx: ServiceContext, input: { companyId: string }): Promise<TGetHoursResponse> {
  const hours = await loadHours(ctx, input.companyId);
  const rows = await entryRows(ctx.db, { ...hours.period, companyId: input.companyId, billableOnly: true });
  return {
    hours: await summaryOf(ctx.db, hours, ctx.now),
    entries: rows.map((row) => clientEntryView(row, firstOpenDay(hours))),
  };
}

/** Staff's view of a client's hours: every entry with its internal note, and where the terms come from. */
export async function getClientHours(ctx: ServiceContext, input: { companyId: string }): Promise<TStaffHoursResponse> {
  await requireCompany(ctx.db, input.companyId);
  const hours = await loadHours(ctx, input.companyId);
  const rows = await entryRows(ctx.db, { ...hours.period, companyId: input.companyId, billableOnly: false });
  return {
    hours: await summaryOf(ctx.db, hours, ctx.now),
    source: hours.source,
    entries: rows.map((row) => staffEntryView(row, firstOpenDay(hours))),
  };
}
