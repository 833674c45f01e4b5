import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { automation, automationIncident } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import {
  automationFailingMail,
  automationRecoveredMail,
  automationStaleRecoveredMail,
} from "../../mail/alert-templates";
import { emitAutomationEvent } from "../channels";
import { enqueueAlert } from "../notifications";
import { healthTransitions, mayTouchIncident, type HealthOutcome, type InsertedRun } from "./health-transitions";
import type { ServiceContext } from "../../context/service-context";

type AutomationRow = typeof automation.$inferSelect;
type IncidentKind = (typeof automationIncident.$inferSelect)["kind"];

const openIncident = (automationId: string, kind: IncidentKind) =>
  and(
    eq(automationIncident.automationId, automationId),
    eq(automationIncident.kind, kind),
    isNull(automationIncident.resolvedAt),
  );

/**
 * Writes what the new runs do to the automation's incidents, in the ingest transaction (`tx`):
 * the incidents they open or close, each change with its one email per recipient who wants it
 * (the outbox wakes the mail worker once the transaction commits). Returns the automation's
 * health columns after the runs (for `healthUpdateSql`: a whole group's are written in the rollup's statement).
 */
export async function applyHealth(tx: ServiceContext, auto: AutomationRow, runs: InsertedRun[]): Promise<HealthUpdate> {
  const { db, now } = tx;
  const { links } = tx.app;
  const [open] = !mayTouchIncident(auto, runs)
    ? []
    : await db.select({ id: automationIncident.id }).from(automationIncident).where(openIncident(auto.id, "failing"));
  const { transitions, update } = healthTransitions(auto, Boolean(open), runs, now);

  let companyName: string | undefined;
  const subject = async () => {
    companyName ??=
      (await db.select({ name: company.name }).from(company).where(eq(company.id, auto.companyId)))[0]?.name ??
      "your company";
    return { automationName: auto.name, companyName, url: `${links.appUrl}/my-automations/${auto.id}` };
  };
  for (const transition of transitions) {
    // The partial unique index lets one transaction open the incident; any other finds it open.
    const changed =
      transition.kind === "open"
        ? await db
            .insert(automationIncident)
            .values({ automationId: auto.id, kind: "failing", openedAt: now })
            .onConflictDoNothing()
            .returning({ id: automationIncident.id })
        : await db
            .update(automationIncident)
            .set({ resolvedAt: now })
            .where(openIncident(auto.id, "failing"))
            .returning({ id: automationIncident.id });
    if (changed.length === 0) continue;
    const names = await subject();
    await emitAutomationEvent(tx, {
      automation: { id: auto.id, name: auto.name, companyId: auto.companyId },
      ...(transition.kind === "open"
        ? { type: "automation.failing", failures: transition.failures, lastError: transition.lastError }
        : { type: "automation.recovered", recoveredFrom: "failing" }),
    });
    await enqueueAlert(tx, auto.companyId, "failing", (unsubscribe, recipient) =>
      transition.kind === "open"
        ? automationFailingMail({
            ...names,
            unsubscribe,
            forStaff: recipient.isStaff,
            failures: transition.failures,
            lastError: transition.lastError,
          })
        : automationRecoveredMail({ ...names, unsubscribe }),
    );
  }
  // A run that ends a Stale spell closes its incident here, before the trigger on stale_since
  // would close it silently: whoever closes it sends the one recovery notice.
  if (auto.staleSince !== null && update.staleSince === null) {
    const closed = await db
      .update(automationIncident)
      .set({ resolvedAt: now })
      .where(openIncident(auto.id, "stale"))
      .returning({ id: automationIncident.id });
    if (closed.length > 0) {
      const names = await subject();
      await emitAutomationEvent(tx, {
        type: "automation.recovered",
        automation: { id: auto.id, name: auto.name, companyId: auto.companyId },
        recoveredFrom: "stale",
      });
      await enqueueAlert(tx, auto.companyId, "stale", (unsubscribe) =>
        automationStaleRecoveredMail({ ...names, unsubscribe }),
      );
    }
  }
  return { automationId: auto.id, ...update };
}

export type HealthUpdate = HealthOutcome["update"] & { automationId: string };

/**
 * The statement that writes the health columns of several automations (a CTE of the rollup's
 * statement, see `addToDailyRollup`). `updates` is not empty.
 */
export function healthUpdateSql(updates: HealthUpdate[]): SQL {
  const column = <T>(pick: (u: HealthUpdate) => T) => sql.param(updates.map(pick));
  return sql`
    update ${automation} as a set consecutive_failures = v.consecutive_failures, last_run_at = v.last_run_at,
      last_run_status = v.last_run_status, stale_since = v.stale_since
    from unnest(${column((u) => u.automationId)}::uuid[], ${column((u) => u.consecutiveFailures)}::int[],
      ${column((u) => u.lastRunAt.toISOString())}::timestamptz[], ${column((u) => u.lastRunStatus)}::text[],
      ${column((u) => u.staleSince?.toISOString() ?? null)}::timestamptz[])
      as v(id, consecutive_failures, last_run_at, last_run_status, stale_since)
    where a.id = v.id`;
}
