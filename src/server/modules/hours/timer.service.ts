import { eq } from "drizzle-orm";
import { DAY_MS, dayOf } from "../../../shared/days";
import { MAX_ENTRY_MINUTES } from "../../../shared/hours-labels";
import { company } from "../../db/schema/companies";
import { runningTimer } from "../../db/schema/hours";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { createTimeEntry } from "./time-entries.service";
import type { ActorContext } from "../../context/service-context";

async function timerOf(ctx: ActorContext) {
  const [row] = await ctx.db
    .select({ timer: runningTimer, companyName: company.name })
    .from(runningTimer)
    .innerJoin(company, eq(company.id, runningTimer.companyId))
    .where(eq(runningTimer.userId, ctx.actor.id));
  if (!row) return { timer: null };
  const { timer } = row;
  return {
    timer: {
      companyId: timer.companyId,
      companyName: row.companyName,
      ticketId: timer.ticketId,
      planItemId: timer.planItemId,
      startedAt: timer.startedAt.toISOString(),
    },
  };
}

/** The staff member's running timer, kept on the server so that a reload or another tab finds it. */
export const getTimer = (ctx: ActorContext) => timerOf(ctx);

/** Starts a timer on a ticket or a plan item; one at a time, so a running one is a 409. */
export async function startTimer(ctx: ActorContext, input: { ticketId?: string | null; planItemId?: string | null }) {
  return ctx.transaction(async (ttx) => {
    const companyId = input.ticketId
      ? (await ttx.db.select({ companyId: ticket.companyId }).from(ticket).where(eq(ticket.id, input.ticketId)))[0]
          ?.companyId
      : (
          await ttx.db
            .select({ companyId: planItem.companyId })
            .from(planItem)
            .where(eq(planItem.id, input.planItemId!))
        )[0]?.companyId;
    if (!companyId) throw notFound(input.ticketId ? "There is no such ticket." : "There is no such plan item.");
    const [started] = await ttx.db
      .insert(runningTimer)
      .values({
        userId: ttx.actor.id,
        companyId,
        ticketId: input.ticketId ?? null,
        planItemId: input.planItemId ?? null,
        startedAt: ttx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!started) throw conflict("Your timer is already running: stop it before starting another.", "timer-running");
    return timerOf(ttx);
  });
}

/**
 * Stops the timer and logs its time as an entry dated the day it started (company's time zone),
 * rounded up to the minute, at most a day: a timer left running overnight is cut at 24h.
 */
export async function stopTimer(
  ctx: ActorContext,
  input: { description: string; internalNote: string | null; billable: boolean },
) {
  return ctx.transaction(async (ttx) => {
    const [timer] = await ttx.db.delete(runningTimer).where(eq(runningTimer.userId, ttx.actor.id)).returning();
    if (!timer) throw conflict("Your timer is not running.", "timer-stopped");
    const [client] = await ttx.db
      .select({ timeZone: company.timeZone })
      .from(company)
      .where(eq(company.id, timer.companyId));
    const elapsed = Math.max(0, ttx.now.getTime() - timer.startedAt.getTime());
    if (elapsed > DAY_MS * 7)
      throw new AppError("VALIDATION", "This timer ran for more than a week: log the time by hand instead.");
    const minutes = Math.min(MAX_ENTRY_MINUTES, Math.max(1, Math.ceil(elapsed / 60_000)));
    const entry = await createTimeEntry(ttx, {
      companyId: timer.companyId,
      ticketId: timer.ticketId,
      planItemId: timer.planItemId,
      day: dayOf(timer.startedAt, client!.timeZone),
      minutes,
      ...input,
    });
    return { entry };
  });
}
