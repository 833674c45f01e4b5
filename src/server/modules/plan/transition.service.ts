import { and, eq } from "drizzle-orm";
import { PLAN_STATE_LABELS } from "../../../shared/plan";
import { planItem, planProposal } from "../../db/schema/plan";
import { AppError, conflict } from "../../lib/app-error";
import { planDecidedMail } from "../../mail/plan-templates";
import { audit } from "../audit";
import { emitProposalEvent } from "../channels";
import { approvalRefusal } from "./approval-rule";
import { billSetupFee } from "./bill-setup-fee";
import { clientCompany } from "./create-item.service";
import { getPlanItem } from "./get-item.service";
import { addHistory, lockItem, touch, type LockedItem } from "./plan-item-row";
import { itemUrl, staffEmails } from "./recipients";
import { moveToBuilding, moveToLive, propose, retire } from "./staff-transitions";
import { checkTransition, type PlanSide } from "./transitions";
import type { ZPlanTransitionRequest } from "../../../shared/plan";
import type { ActorContext } from "../../context/service-context";
import type { z } from "zod";

export type TransitionInput = z.output<typeof ZPlanTransitionRequest>;

/**
 * Moves an item to the state asked for, when the transition table lets the caller's side make
 * that move; the item row is locked for the transaction, so of two moves at once (two approvals)
 * the second sees the first's result and is refused.
 */
export async function transitionPlanItem(ctx: ActorContext, input: TransitionInput & { id: string; side: PlanSide }) {
  const { id, side, ...move } = input;
  if (side === "client") clientCompany(ctx.scope);
  await ctx.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    const from = item.row.state;
    checkTransition(from, move.to, side);
    await apply(tx, item, move);
    if (side === "staff")
      await audit(tx, {
        action: `plan_item.${move.to}`,
        companyId: item.row.companyId,
        objectType: "plan_item",
        objectId: id,
        summary: `Moved “${item.row.title}” (${item.companyName}) from ${PLAN_STATE_LABELS[from]} to ${PLAN_STATE_LABELS[move.to]}`,
        before: { state: from },
        after: { ...move },
      });
  });
  return getPlanItem(ctx, { id });
}

async function apply(tx: ActorContext, item: LockedItem, move: TransitionInput): Promise<void> {
  switch (move.to) {
    case "proposed":
      return propose(tx, { item, proposal: move.proposal });
    case "building":
      return moveToBuilding(tx, { item, automationId: move.automationId ?? null });
    case "live":
      return moveToLive(tx, { item });
    case "retired":
      return retire(tx, { item, reason: move.reason, choice: move.automation });
    case "approved":
      return decide(tx, { item, decision: "approved", version: move.proposalVersion });
    case "declined":
      return decide(tx, { item, decision: "declined", version: item.row.proposalVersion!, reason: move.reason });
    case "requested":
      return revise(tx, { item, move });
  }
}

type Decision = { item: LockedItem; decision: "approved" | "declined"; version: number; reason?: string };

/** The client approves one version (never a newer one they have not read) or declines with a reason. */
async function decide(tx: ActorContext, { item, decision, version, reason }: Decision) {
  const current = item.row.proposalVersion;
  if (decision === "approved" && version !== current)
    throw conflict(
      `Version ${version} is not the current proposal: version ${current} replaced it. Please read version ${current} and approve that one.`,
      "outdated-version",
    );
  if (decision === "approved") await checkApprover(tx, item, version);
  await tx.db
    .update(planItem)
    .set(
      decision === "approved"
        ? { state: "approved", approvedVersion: version, approvedBy: tx.actor.id, approvedAt: tx.now }
        : { state: "declined", declineReason: reason ?? null },
    )
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id);
  if (decision === "approved") {
    await billSetupFee(tx, { item: item.row, version });
    await emitProposalEvent(tx, { type: "proposal.approved", item: item.row, version });
  }
  const comment = decision === "approved" ? `Approved version ${version}.` : reason;
  await addHistory(tx, item.row.id, "client", { field: "state", from: "proposed", to: decision, comment });
  const mail = planDecidedMail({
    companyName: item.companyName,
    title: item.row.title,
    decision,
    version,
    reason,
    url: itemUrl(tx.app.config.APP_URL, "staff", item.row.id),
  });
  for (const email of await staffEmails(tx.db)) await tx.outbox.enqueue(email, mail);
}

/** Approving a proposal that adds charges is the owner's step (approval-rule.ts): others get a 403 saying so. */
async function checkApprover(tx: ActorContext, item: LockedItem, version: number) {
  const [proposal] = await tx.db
    .select()
    .from(planProposal)
    .where(and(eq(planProposal.itemId, item.row.id), eq(planProposal.version, version)));
  if (!proposal) return;
  const refusal = await approvalRefusal(tx, { userId: tx.actor.id, companyId: item.row.companyId, proposal });
  if (refusal) throw new AppError("FORBIDDEN", refusal, { reason: "owner-approval" });
}

/** A declined item goes back to the agency, with what the client changed. */
async function revise(
  tx: ActorContext,
  { item, move }: { item: LockedItem; move: Extract<TransitionInput, { to: "requested" }> },
) {
  const changes: Partial<typeof planItem.$inferInsert> = { state: "requested", declineReason: null };
  if (move.priority && move.priority !== item.row.priority) {
    changes.priority = move.priority;
    await addHistory(tx, item.row.id, "client", { field: "priority", from: item.row.priority, to: move.priority });
  }
  if (move.wishedDate !== undefined && move.wishedDate !== item.row.wishedDate) {
    changes.wishedDate = move.wishedDate;
    await addHistory(tx, item.row.id, "client", {
      field: "wished date",
      from: item.row.wishedDate,
      to: move.wishedDate,
    });
  }
  await tx.db.update(planItem).set(changes).where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id);
  const change = { field: "state", from: "declined", to: "requested", comment: move.note ?? null };
  await addHistory(tx, item.row.id, "client", change);
}
