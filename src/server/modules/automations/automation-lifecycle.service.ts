import { and, eq, isNull } from "drizzle-orm";
import { automation, automationIncident, ingestKey } from "../../db/schema/automations";
import { conflict } from "../../lib/app-error";
import { audit } from "../audit";
import { getCompanyAutomation } from "./list-company-automations.service";
import { automationLabel, lockCompanyAutomation } from "./locked-automation";
import type { ActorContext } from "../../context/service-context";

/** The two switches staff flip on an automation: pause a live one, resume a paused one. */
const SWITCHES = {
  pause: {
    from: "live",
    to: "paused",
    action: "automation.paused",
    verb: "Paused",
    refusal: "Only a live automation can be paused",
  },
  resume: {
    from: "paused",
    to: "live",
    action: "automation.resumed",
    verb: "Resumed",
    refusal: "Only a paused automation can be resumed",
  },
} as const;

async function switchAutomation(
  ctx: ActorContext,
  target: { companyId: string; id: string },
  { from, to, action, verb, refusal }: (typeof SWITCHES)[keyof typeof SWITCHES],
) {
  const { companyId, id } = target;
  const { now, actor } = ctx;
  await ctx.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx.db, companyId, id);
    if (row.status !== from) throw conflict(`${refusal}; ${row.name} is ${row.status}.`);
    // Either way it is not Stale: paused, nothing is expected; resumed, its schedule counts from now.
    const liveSince = to === "live" ? { liveSince: now } : {};
    await tx.db
      .update(automation)
      .set({ status: to, ...liveSince, staleSince: null, updatedBy: actor.id, updatedAt: now })
      .where(eq(automation.id, id));
    await audit(tx, {
      action,
      companyId,
      objectType: "automation",
      objectId: id,
      summary: `${verb} ${automationLabel(row, companyName)}`,
      before: { status: row.status },
      after: { status: to },
    });
  });
  return getCompanyAutomation(ctx, { companyId, id });
}

/** Pauses a live automation: it is not expected to run, so it is never Stale or Failing until resumed. */
export const pauseAutomation = (ctx: ActorContext, input: { companyId: string; id: string }) =>
  switchAutomation(ctx, input, SWITCHES.pause);

/** Switches a paused automation back on; its schedule counts from now. */
export const resumeAutomation = (ctx: ActorContext, input: { companyId: string; id: string }) =>
  switchAutomation(ctx, input, SWITCHES.resume);

/**
 * Retires an automation for good, in one transaction: its keys are revoked (ingest answers 401),
 * an open Failing incident is closed without a recovery notice, and it never goes Stale or
 * Failing again. Any later change is refused (409).
 */
export async function retireAutomation(ctx: ActorContext, input: { companyId: string; id: string }) {
  const { companyId, id } = input;
  const { now, actor } = ctx;
  await ctx.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx.db, companyId, id);
    await tx.db
      .update(automation)
      .set({ status: "retired", staleSince: null, updatedBy: actor.id, updatedAt: now })
      .where(eq(automation.id, id));
    const revoked = await tx.db
      .update(ingestKey)
      .set({ revokedAt: now })
      .where(and(eq(ingestKey.automationId, id), isNull(ingestKey.revokedAt)))
      .returning({ prefix: ingestKey.prefix });
    const closed = await tx.db
      .update(automationIncident)
      .set({ resolvedAt: now })
      .where(and(eq(automationIncident.automationId, id), isNull(automationIncident.resolvedAt)))
      .returning({ id: automationIncident.id });
    await audit(tx, {
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
  return getCompanyAutomation(ctx, { companyId, id });
}
