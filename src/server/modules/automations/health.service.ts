import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { automation, automationIncident } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { automationStaleMail } from "../../mail/alert-templates";
import { emitAutomationEvent } from "../channels";
import { enqueueAlert } from "../notifications";
import { describeEvery } from "./schedule";
import type { ServiceContext } from "../../context/service-context";

/**
 * Marks Stale every Live automation with a schedule that has had no run within it (counted
 * from its last run, or from when it went live), and opens a Stale incident for each, with its
 * one alert per recipient who wants it, in the same transaction. The conditional UPDATE takes
 * each automation once and the incident's partial unique index admits one open incident, so
 * several instances at once still send one alert. Returns the ids newly marked.
 */
export async function detectStale(ctx: ServiceContext): Promise<string[]> {
  const { now } = ctx;
  const { links } = ctx.app;
  return ctx.transaction(async (tx) => {
    const overdue = and(
      eq(automation.status, "live"),
      isNotNull(automation.expectedEveryMinutes),
      isNull(automation.staleSince),
      sql`coalesce(${automation.lastRunAt}, ${automation.liveSince}, ${automation.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(mins => ${automation.expectedEveryMinutes})`,
    );
    // Locked in id order first, as ingest locks automations: the two never wait on each other in a circle.
    const due = await tx.db
      .select({ id: automation.id })
      .from(automation)
      .where(overdue)
      .orderBy(automation.id)
      .for("update");
    if (due.length === 0) return [];
    const marked = await tx.db
      .update(automation)
      .set({ staleSince: now })
      .where(and(sql`${automation.id} = any(${sql.param(due.map((row) => row.id))}::uuid[])`, overdue))
      .returning({
        id: automation.id,
        name: automation.name,
        companyId: automation.companyId,
        every: automation.expectedEveryMinutes,
        lastRunAt: automation.lastRunAt,
        companyName: sql<string>`(select ${company.name} from ${company} where ${company.id} = ${automation.companyId})`,
      });
    for (const stale of marked) {
      const opened = await tx.db
        .insert(automationIncident)
        .values({ automationId: stale.id, kind: "stale", openedAt: now })
        .onConflictDoNothing()
        .returning({ id: automationIncident.id });
      if (opened.length === 0) continue;
      await emitAutomationEvent(tx, {
        type: "automation.stale",
        automation: { id: stale.id, name: stale.name, companyId: stale.companyId },
      });
      await enqueueAlert(tx, stale.companyId, "stale", (unsubscribe, recipient) =>
        automationStaleMail({
          forStaff: recipient.isStaff,
          automationName: stale.name,
          companyName: stale.companyName,
          url: `${links.appUrl}/my-automations/${stale.id}`,
          unsubscribe,
          expectedEvery: describeEvery(stale.every),
          lastRunAt: stale.lastRunAt,
        }),
      );
    }
    return marked.map((row) => row.id);
  });
}
