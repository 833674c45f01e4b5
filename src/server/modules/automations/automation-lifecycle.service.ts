import { and, eq, isNull } from "drizzle-orm";
import { automation, automationIncident, ingestKey } from "../../db/schema/automations";
import { conflict } from "../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit/record-audit";
import { getCompanyAutomation } from "./list-company-automations.service";
import { automationLabel, lockCompanyAutomation } from "./locked-automation";
import type { Database } from "../../db/client";

/** Pauses a live automation: it is not expected to run, so it is never Stale or Failing until resumed. */
export async function pauseAutomation(
  db: Database,
  actor: AuditActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx, companyId, id);
    if (row.status !== "live") throw conflict(`Only a live automation can be paused; ${row.name} is ${row.status}.`);
    await tx
      .update(automation)
      .set({ status: "paused", staleSince: null, updatedBy: actor.id, updatedAt: now })
      .where(eq(automation.id, id));
    await recordAudit(tx, actor, {
      action: "automation.paused",
      companyId,
      objectType: "automation",
      objectId: id,
      summary: `Paused ${automationLabel(row, companyName)}`,
      before: { status: row.status },
      after: { status: "paused" },
    });
  });
  return getCompanyAutomation(db, companyId, id);
}

/** Switches a paused automation back on; its schedule counts from now. */
export async function resumeAutomation(
  db: Database,
  actor: AuditActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx, companyId, id);
    if (row.status !== "paused")
      throw conflict(`Only a paused automation can be resumed; ${row.name} is ${row.status}.`);
    await tx
      .update(automation)
      .set({ status: "live", liveSince: now, staleSince: null, updatedBy: actor.id, updatedAt: now })
      .where(eq(automation.id, id));
    await recordAudit(tx, actor, {
      action: "automation.resumed",
      companyId,
      objectType: "automation",
      objectId: id,
      summary: `Resumed ${automationLabel(row, companyName)}`,
      before: { status: row.status },
      after: { status: "live" },
    });
  });
  return getCompanyAutomation(db, companyId, id);
}

/**
 * Retires an automation for good, in one transaction: its keys are revoked (ingest answers 401),
 * an open Failing incident is closed without a recovery notice, and it never goes Stale or
 * Failing again. Any later change is refused (409).
 */
export async function retireAutomation(
  db: Database,
  actor: AuditActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx, companyId, id);
    await tx
      .update(automation)
      .set({ status: "retired", staleSince: null, updatedBy: actor.id, updatedAt: now })
      .where(eq(automation.id, id));
    const revoked = await tx
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.automationId, id), isNull(ingestKey.revokedAt)))
      .returning({ prefix: ingestKey.prefix });
    const closed = await tx
      .update(automationIncident)
      .set({ resolvedAt: now })
      .where(and(eq(automationIncident.automationId, id), isNull(automationIncident.resolvedAt)))
      .returning({ id: automationIncident.id });
    await recordAudit(tx, actor, {
      action: "automation.retired",
      companyId,
      objectType: "automation",
      objectId: id,
      summary: `Retired ${automationLabel(row, companyName)}${revoked.length > 0 ? " and revoked its ingest key" : ""}`,
      before: { status: row.status },
      after: {
        status: "retired",
        revokedKeys: revoked.map((key) => key.prefix),
        closedIncidents: closed.length,
      },
    });
  });
  return getCompanyAutomation(db, companyId, id);
}
