import { and, eq, isNull } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { companyInvitation } from "../../db/schema/companies";
import { AppError, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { enqueueInvitationMail, newInvitationToken } from "./invitations.service";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const NO_SUCH_INVITATION = "There is no such invitation for this company.";

/** An invitation of this company that nobody has accepted yet (another company's is a 404). */
async function pendingInvitation(tx: Database, companyId: string, invitationId: string) {
  const [row] = await tx
    .select()
    .from(companyInvitation)
    .where(and(eq(companyInvitation.id, invitationId), eq(companyInvitation.companyId, companyId)))
    .for("update");
  if (!row) throw notFound(NO_SUCH_INVITATION);
  if (row.acceptedAt)
    throw new AppError("CONFLICT", `${row.email} has already accepted this invitation.`, { reason: "accepted" });
  return row;
}

/**
 * Sends an invitation again with a new link and a new expiry: the old link stops working (its
 * token's hash is replaced). The new link's email and the audit entry go in the same transaction.
 */
export async function resendInvitation(ctx: ActorContext, ids: { companyId: string; invitationId: string }) {
  return ctx.transaction(async (tx) => {
    const target = await lockClientCompany(tx.db, ids.companyId);
    const before = await pendingInvitation(tx.db, ids.companyId, ids.invitationId);
    const { token, tokenHash, expiresAt } = newInvitationToken(tx.now);
    await tx.db
      .update(companyInvitation)
      .set({ tokenHash, expiresAt, invitedBy: tx.actor.id })
      .where(and(eq(companyInvitation.id, before.id), isNull(companyInvitation.acceptedAt)));
    await enqueueInvitationMail(tx, { companyName: target.name, email: before.email }, token);
    await audit(tx, {
      action: "invitation.resent",
      companyId: ids.companyId,
      objectType: "invitation",
      objectId: before.id,
      summary: `Sent a new invitation link to ${before.email} for ${target.name}`,
      before: { expiresAt: before.expiresAt.toISOString() },
      after: { expiresAt: expiresAt.toISOString() },
    });
    return { id: before.id, email: before.email, expiresAt: expiresAt.toISOString() };
  });
}

/** Cancels an invitation that was not accepted: it is deleted, so its link stops working. */
export async function cancelInvitation(ctx: ActorContext, ids: { companyId: string; invitationId: string }) {
  return ctx.transaction(async (tx) => {
    const target = await lockClientCompany(tx.db, ids.companyId);
    const invitation = await pendingInvitation(tx.db, ids.companyId, ids.invitationId);
    await tx.db.delete(companyInvitation).where(eq(companyInvitation.id, invitation.id));
    await audit(tx, {
      action: "invitation.canceled",
      companyId: ids.companyId,
      objectType: "invitation",
      objectId: invitation.id,
      summary: `Canceled the invitation of ${invitation.email} to ${target.name}`,
      before: { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
    });
    return { canceled: true as const };
  });
}
