import { and, eq } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import { planItem, planProposal } from "../../db/schema/plan";
import { conflict } from "../../lib/app-error";
import { planProposedMail } from "../../mail/plan-templates";
import { createAutomation, lockCompanyAutomation, updateAutomation } from "../automations";
import { emitProposalEvent } from "../channels";
import { addHistory, touch, type LockedItem } from "./plan-item-row";
import { companyEmails, itemUrl } from "./recipients";
import type { ZPlanProposal } from "../../../shared/plan";
import type { ActorContext } from "../../context/service-context";
import type { z } from "zod";

type Proposal = z.output<typeof ZPlanProposal>;

/** A new proposal version (the first, a revision, or one after a decline); the client is told by email. */
export async function propose(tx: ActorContext, input: { item: LockedItem; proposal: Proposal }): Promise<void> {
  const { item } = input;
  const { note, ...fields } = input.proposal;
  const previous = item.row.proposalVersion;
  const version = (previous ?? 0) + 1;
  await tx.db.insert(planProposal).values({
    ...fields,
    itemId: item.row.id,
    version,
    currency: item.currency,
    createdBy: tx.actor.id,
    createdAt: tx.now,
  });
  await tx.db
    .update(planItem)
    .set({ state: "proposed", proposalVersion: version, declineReason: null })
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id);
  if (item.row.state !== "proposed")
    await addHistory(tx, item.row.id, "staff", { field: "state", from: item.row.state, to: "proposed" });
  const change = { field: "proposal", from: previous === null ? null : String(previous), to: String(version) };
  await addHistory(tx, item.row.id, "staff", { ...change, comment: note ?? null });
  await emitProposalEvent(tx, { type: "proposal.sent", item: item.row, version });
  const url = itemUrl(tx.app.config.APP_URL, "client", item.row.id);
  const mail = planProposedMail({ title: item.row.title, version, url });
  for (const email of await companyEmails(tx.db, item.row.companyId)) await tx.outbox.enqueue(email, mail);
}

/**
 * Building: links an existing automation of the company, or registers one prefilled from the
 * approved proposal. An automation that is already live makes the item Live at once.
 */
export async function moveToBuilding(
  tx: ActorContext,
  input: { item: LockedItem; automationId: string | null },
): Promise<void> {
  const { item, automationId } = input;
  let linked: { id: string; name: string; status: string };
  if (automationId) {
    const { row } = await lockCompanyAutomation(tx.db, item.row.companyId, automationId);
    linked = row;
  } else {
    const [approved] = await tx.db
      .select()
      .from(planProposal)
      .where(and(eq(planProposal.itemId, item.row.id), eq(planProposal.version, item.row.approvedVersion!)));
    linked = await createAutomation(tx, {
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
  await tx.db
    .update(planItem)
    .set({ state: live ? "live" : "building", automationId: linked.id })
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id);
  await addHistory(tx, item.row.id, "staff", { field: "state", from: "approved", to: "building" });
  const how = automationId ? "Linked the existing automation." : "Registered a new automation from the proposal.";
  await addHistory(tx, item.row.id, "staff", { field: "automation", to: linked.name, comment: how });
  if (live) {
    const change = { field: "state", from: "building", to: "live", comment: "Its automation is already live." };
    await addHistory(tx, item.row.id, "staff", change);
  }
}

/** Switches the item's automation on; the database moves the item to Live with it (migration trigger). */
export async function moveToLive(tx: ActorContext, input: { item: LockedItem }): Promise<void> {
  const { item } = input;
  if (!item.row.automationId) throw conflict("This item is Building but has no automation yet: link one first.");
  await updateAutomation(tx, { companyId: item.row.companyId, id: item.row.automationId, status: "live" });
}

/** Retires the item with a reason; its automation is paused or kept running, as staff choose. */
export async function retire(
  tx: ActorContext,
  input: { item: LockedItem; reason: string; choice: "pause" | "keep" },
): Promise<void> {
  const { item, reason, choice } = input;
  const from = item.row.state;
  await tx.db.update(planItem).set({ state: "retired", retireReason: reason }).where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id);
  await addHistory(tx, item.row.id, "staff", { field: "state", from, to: "retired", comment: reason });
  if (choice === "pause" && item.row.automationId) {
    const [auto] = await tx.db
      .select({ status: automation.status, name: automation.name })
      .from(automation)
      .where(eq(automation.id, item.row.automationId));
    if (auto && (auto.status === "live" || auto.status === "building")) {
      await updateAutomation(tx, { companyId: item.row.companyId, id: item.row.automationId, status: "paused" });
      await addHistory(tx, item.row.id, "staff", { field: "automation", from: auto.status, to: "paused" });
    }
  }
}
