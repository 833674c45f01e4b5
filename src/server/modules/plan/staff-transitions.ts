import { and, eq } from "drizzle-orm";
import { createServiceContext, type ActorContext } from "../../context/service-context";
import { automation } from "../../db/schema/automations";
import { planItem, planProposal } from "../../db/schema/plan";
import { conflict } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { planProposedMail } from "../../mail/plan-templates";
import { createAutomation, lockCompanyAutomation, updateAutomation } from "../automations";
import { addHistory } from "./plan-item-row";
import { companyEmails, itemUrl } from "./recipients";
import { touch, type TransitionContext } from "./transition-context";
import type { ZPlanProposal } from "../../../shared/plan";
import type { z } from "zod";

type Proposal = z.output<typeof ZPlanProposal>;

/** A new proposal version (the first, a revision, or one after a decline); the client is told by email. */
export async function propose(ctx: TransitionContext, proposal: Proposal): Promise<boolean> {
  const { tx, item, actor, now } = ctx;
  const { note, ...fields } = proposal;
  const previous = item.row.proposalVersion;
  const version = (previous ?? 0) + 1;
  await tx
    .insert(planProposal)
    .values({ ...fields, itemId: item.row.id, version, currency: item.currency, createdBy: actor.id, createdAt: now });
  await tx
    .update(planItem)
    .set({ state: "proposed", proposalVersion: version, declineReason: null })
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id, now);
  if (item.row.state !== "proposed")
    await addHistory(tx, item.row.id, actor, { field: "state", from: item.row.state, to: "proposed" }, now);
  const change = { field: "proposal", from: previous === null ? null : String(previous), to: String(version) };
  await addHistory(tx, item.row.id, actor, { ...change, comment: note ?? null }, now);
  const mail = planProposedMail({ title: item.row.title, version, url: itemUrl(ctx.appUrl, "client", item.row.id) });
  const recipients = await companyEmails(tx, item.row.companyId);
  for (const email of recipients) await enqueueMail(tx, email, mail);
  return recipients.length > 0;
}

/**
 * Building: links an existing automation of the company, or registers one prefilled from the
 * approved proposal. An automation that is already live makes the item Live at once.
 */
export async function moveToBuilding(ctx: TransitionContext, automationId: string | null): Promise<boolean> {
  const { tx, item, actor, now } = ctx;
  let linked: { id: string; name: string; status: string };
  if (automationId) {
    const { row } = await lockCompanyAutomation(tx, item.row.companyId, automationId);
    linked = row;
  } else {
    const [approved] = await tx
      .select()
      .from(planProposal)
      .where(and(eq(planProposal.itemId, item.row.id), eq(planProposal.version, item.row.approvedVersion!)));
    linked = await createAutomation(automationsContext(ctx), {
      companyId: item.row.companyId,
      name: item.row.title,
      purpose: approved!.scope,
      platform: approved!.platform,
      triggerDescription: item.row.triggerDescription,
      expectedEveryMinutes: null,
      minutesSavedPerRun: item.row.minutesEach,
      status: "building",
      failureThreshold: 3,
    });
  }
  const live = linked.status === "live";
  await tx
    .update(planItem)
    .set({ state: live ? "live" : "building", automationId: linked.id })
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id, now);
  await addHistory(tx, item.row.id, actor, { field: "state", from: "approved", to: "building" }, now);
  const how = automationId ? "Linked the existing automation." : "Registered a new automation from the proposal.";
  await addHistory(tx, item.row.id, actor, { field: "automation", to: linked.name, comment: how }, now);
  if (live) {
    const change = { field: "state", from: "building", to: "live", comment: "Its automation is already live." };
    await addHistory(tx, item.row.id, actor, change, now);
  }
  return false;
}

/** Switches the item's automation on; the database moves the item to Live with it (migration trigger). */
export async function moveToLive(ctx: TransitionContext): Promise<boolean> {
  const { item } = ctx;
  if (!item.row.automationId) throw conflict("This item is Building but has no automation yet: link one first.");
  await updateAutomation(automationsContext(ctx), {
    companyId: item.row.companyId,
    id: item.row.automationId,
    status: "live",
  });
  return false;
}

/** Retires the item with a reason; its automation is paused or kept running, as staff choose. */
export async function retire(ctx: TransitionContext, reason: string, choice: "pause" | "keep"): Promise<boolean> {
  const { tx, item, actor, now } = ctx;
  const from = item.row.state;
  await tx.update(planItem).set({ state: "retired", retireReason: reason }).where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id, now);
  await addHistory(tx, item.row.id, actor, { field: "state", from, to: "retired", comment: reason }, now);
  if (choice === "pause" && item.row.automationId) {
    const [auto] = await tx
      .select({ status: automation.status, name: automation.name })
      .from(automation)
      .where(eq(automation.id, item.row.automationId));
    if (auto && (auto.status === "live" || auto.status === "building")) {
      const automationId = item.row.automationId;
      await updateAutomation(automationsContext(ctx), {
        companyId: item.row.companyId,
        id: automationId,
        status: "paused",
      });
      await addHistory(tx, item.row.id, actor, { field: "automation", from: auto.status, to: "paused" }, now);
    }
  }
  return false;
}

/**
 * The move's transaction as a service context for the automations services, until the plan
 * module passes its own (they read the database, the actor and the clock, no settings).
 */
function automationsContext({ tx, actor, now }: TransitionContext): ActorContext {
  return createServiceContext({
    db: tx,
    actor: { id: actor.id, email: actor.email, name: actor.name, role: "admin", ip: actor.ip },
    scope: { all: true },
    now,
    app: undefined as never,
    wakeMail: () => {},
  });
}
