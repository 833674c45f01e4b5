import { and, eq } from "drizzle-orm";
import { PLAN_STATE_LABELS } from "../../../shared/plan";
import { planItem, planProposal } from "../../db/schema/plan";
import { AppError, conflict } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { planDecidedMail } from "../../mail/plan-templates";
import { recordAudit } from "../audit";
import { approvalRefusal } from "./approval-rule";
import { billSetupFee } from "./bill-setup-fee";
import { clientCompany } from "./create-item.service";
import { getPlanItem } from "./get-item.service";
import { addHistory, lockItem, type PlanActor } from "./plan-item-row";
import { itemUrl, staffEmails } from "./recipients";
import { moveToBuilding, moveToLive, propose, retire } from "./staff-transitions";
import { touch, type TransitionContext } from "./transition-context";
import { checkTransition } from "./transitions";
import type { ZPlanTransitionRequest } from "../../../shared/plan";
import type { CompanyScope } from "../../context/company-scope";
import type { Database } from "../../db/client";
import type { z } from "zod";

export type TransitionInput = z.output<typeof ZPlanTransitionRequest>;

/**
 * Moves an item to the state asked for, when the transition table lets the caller's side make
 * that move; the item row is locked for the transaction, so of two moves at once (two approvals)
 * the second sees the first's result and is refused. Returns whether mail was written.
 */
export async function transitionPlanItem(
  db: Database,
  scope: CompanyScope,
  actor: PlanActor,
  id: string,
  input: TransitionInput,
  options: { appUrl: string; now?: Date },
) {
  if (actor.side === "client") clientCompany(scope);
  const now = options.now ?? new Date();
  const mailed = await db.transaction(async (tx) => {
    const item = await lockItem(tx, scope, id);
    const from = item.row.state;
    checkTransition(from, input.to, actor.side);
    const ctx: TransitionContext = { tx, item, actor, now, appUrl: options.appUrl };
    const wrote = await apply(ctx, input);
    if (actor.side === "staff")
      await recordAudit(tx, actor, {
        action: `plan_item.${input.to}`,
        companyId: item.row.companyId,
        objectType: "plan_item",
        objectId: id,
        summary: `Moved “${item.row.title}” (${item.companyName}) from ${PLAN_STATE_LABELS[from]} to ${PLAN_STATE_LABELS[input.to]}`,
        before: { state: from },
        after: { ...input },
      });
    return wrote;
  });
  return { item: await getPlanItem(db, scope, id, actor), mailed };
}

async function apply(ctx: TransitionContext, input: TransitionInput): Promise<boolean> {
  switch (input.to) {
    case "proposed":
      return propose(ctx, input.proposal);
    case "building":
      return moveToBuilding(ctx, input.automationId ?? null);
    case "live":
      return moveToLive(ctx);
    case "retired":
      return retire(ctx, input.reason, input.automation);
    case "approved":
      return decide(ctx, "approved", input.proposalVersion);
    case "declined":
      return decide(ctx, "declined", ctx.item.row.proposalVersion!, input.reason);
    case "requested":
      return revise(ctx, input);
  }
}

/** The client approves one version (never a newer one they have not read) or declines with a reason. */
async function decide(ctx: TransitionContext, decision: "approved" | "declined", version: number, reason?: string) {
  const { tx, item, actor, now } = ctx;
  const current = item.row.proposalVersion;
  if (decision === "approved" && version !== current)
    throw conflict(
      `Version ${version} is not the current proposal: version ${current} replaced it. Please read version ${current} and approve that one.`,
      "outdated-version",
    );
  if (decision === "approved") await checkApprover(ctx, version);
  await tx
    .update(planItem)
    .set(
      decision === "approved"
        ? { state: "approved", approvedVersion: version, approvedBy: actor.id, approvedAt: now }
        : { state: "declined", declineReason: reason ?? null },
    )
    .where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id, now);
  if (decision === "approved") await billSetupFee(tx, item.row, version, now);
  const comment = decision === "approved" ? `Approved version ${version}.` : reason;
  await addHistory(tx, item.row.id, actor, { field: "state", from: "proposed", to: decision, comment }, now);
  const mail = planDecidedMail({
    companyName: item.companyName,
    title: item.row.title,
    decision,
    version,
    reason,
    url: itemUrl(ctx.appUrl, "staff", item.row.id),
  });
  const staff = await staffEmails(tx);
  for (const email of staff) await enqueueMail(tx, email, mail);
  return staff.length > 0;
}

/** Approving a proposal that adds charges is the owner's step (approval-rule.ts): others get a 403 saying so. */
async function checkApprover({ tx, item, actor }: TransitionContext, version: number) {
  const [proposal] = await tx
    .select()
    .from(planProposal)
    .where(and(eq(planProposal.itemId, item.row.id), eq(planProposal.version, version)));
  if (!proposal || actor.side !== "client") return;
  const refusal = await approvalRefusal(tx, { userId: actor.id, companyId: item.row.companyId, proposal });
  if (refusal) throw new AppError("FORBIDDEN", refusal, { reason: "owner-approval" });
}

/** A declined item goes back to the agency, with what the client changed. */
async function revise(ctx: TransitionContext, input: Extract<TransitionInput, { to: "requested" }>) {
  const { tx, item, actor, now } = ctx;
  const changes: Partial<typeof planItem.$inferInsert> = { state: "requested", declineReason: null };
  if (input.priority && input.priority !== item.row.priority) {
    changes.priority = input.priority;
    await addHistory(tx, item.row.id, actor, { field: "priority", from: item.row.priority, to: input.priority }, now);
  }
  if (input.wishedDate !== undefined && input.wishedDate !== item.row.wishedDate) {
    changes.wishedDate = input.wishedDate;
    const change = { field: "wished date", from: item.row.wishedDate, to: input.wishedDate };
    await addHistory(tx, item.row.id, actor, change, now);
  }
  await tx.update(planItem).set(changes).where(eq(planItem.id, item.row.id));
  await touch(tx, item.row.id, now);
  const change = { field: "state", from: "declined", to: "requested", comment: input.note ?? null };
  await addHistory(tx, item.row.id, actor, change, now);
  return false;
}
