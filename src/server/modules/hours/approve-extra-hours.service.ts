import { and, eq, gte, isNull, lte } from "drizzle-orm";
import { formatMinutes } from "../../../shared/hours-labels";
import { lockClientCompany } from "../../context/company-scope";
import { timeEntry } from "../../db/schema/hours";
import { conflict } from "../../lib/app-error";
import { audit } from "../audit";
import { getHours } from "./get-hours.service";
import { companyHours } from "./hours-terms";
import { periodEntries, tally } from "./tally";
import type { ActorContext } from "../../context/service-context";

/**
 * The owner approves or declines the period's time awaiting approval, all of it, as the figure they
 * saw ("Approve 3h 30m of extra work"): when more was logged since, the figure differs and nothing
 * changes (409). Declined time is never billed. Audited in the same transaction.
 */
export async function decideExtraHours(
  ctx: ActorContext,
  input: { companyId: string; decision: "approve" | "decline"; confirmedMinutes: number },
) {
  await ctx.transaction(async (ttx) => {
    const client = await lockClientCompany(ttx.db, input.companyId);
    const hours = (await companyHours(ttx.db, input.companyId, ttx.now))!;
    const { firstDay, lastDay } = hours.period;
    const { awaitingMinutes } = tally(hours, await periodEntries(ttx.db, input.companyId, firstDay, lastDay));
    if (awaitingMinutes === 0) throw conflict("No extra time is awaiting your approval.", "nothing-awaiting");
    if (awaitingMinutes !== input.confirmedMinutes)
      throw conflict(
        `${formatMinutes(awaitingMinutes)} of extra work is awaiting approval now; review it and decide again.`,
        "awaiting-changed",
      );
    const approval = input.decision === "approve" ? "approved" : "declined";
    await ttx.db
      .update(timeEntry)
      .set({ approval, updatedAt: ttx.now })
      .where(
        and(
          eq(timeEntry.companyId, input.companyId),
          eq(timeEntry.approval, "awaiting"),
          gte(timeEntry.day, firstDay),
          lte(timeEntry.day, lastDay),
          isNull(timeEntry.settlementId),
        ),
      );
    const verb = input.decision === "approve" ? "approved" : "declined";
    await audit(ttx, {
      action: `hours.extra_${verb}`,
      companyId: input.companyId,
      objectType: "company",
      objectId: input.companyId,
      summary: `${client.name}: ${verb} ${formatMinutes(awaitingMinutes)} of extra work`,
      after: { minutes: awaitingMinutes, decision: input.decision },
    });
  });
  return getHours(ctx, { companyId: input.companyId });
}
