import { slaTarget } from "../../db/schema/support";
import { audit } from "../audit";
import type { SlaTargets } from "./sla";
import type { TTicketPriority } from "../../../shared/support-labels";
import type { ActorContext, ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/** Used for a priority whose row is missing: a day to answer, a week to resolve. */
const FALLBACK: SlaTargets = { firstResponseMinutes: 1440, resolutionMinutes: 10080 };

/** The service targets per priority, as staff configured them. */
export async function loadSlaTargets(db: Pick<Database, "select">) {
  const rows = await db.select().from(slaTarget);
  const byPriority = new Map(rows.map((row) => [row.priority, row]));
  return (priority: TTicketPriority): SlaTargets => byPriority.get(priority) ?? FALLBACK;
}

const ORDER = ["urgent", "high", "normal", "low"] as const;

/** The targets per priority, most urgent first. */
export async function listSlaTargets({ db }: ServiceContext) {
  const rows = await db.select().from(slaTarget);
  return ORDER.flatMap((priority) => rows.filter((row) => row.priority === priority));
}

/** Staff change the targets; each change is in the audit log. */
export async function updateSlaTargets(
  ctx: ActorContext,
  input: { targets: (SlaTargets & { priority: TTicketPriority })[] },
) {
  const { targets } = input;
  return ctx.transaction(async (tx) => {
    for (const target of targets) {
      await tx.db
        .insert(slaTarget)
        .values(target)
        .onConflictDoUpdate({
          target: slaTarget.priority,
          set: { firstResponseMinutes: target.firstResponseMinutes, resolutionMinutes: target.resolutionMinutes },
        });
    }
    await audit(tx, {
      action: "sla_targets.updated",
      objectType: "sla_target",
      summary: `Changed the SLA targets of ${targets.map((t) => t.priority).join(", ")}`,
      after: { targets },
    });
    return listSlaTargets(tx);
  });
}
