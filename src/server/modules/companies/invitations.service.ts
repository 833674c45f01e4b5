import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { requireCompany } from "../../context/company-scope";
import { companyInvitation } from "../../db/schema/companies";
import { sha256Hex } from "../../lib/sha256";
import { companyInvitationMail } from "../../mail/templates";
import { audit } from "../audit";
import type { ActorContext } from "../../context/service-context";

export const INVITATION_TTL_DAYS = 7;

/**
 * The context's actor invites someone to a company (the actor is named in the email); the
 * invitation, its email and the audit entry are written together. An address with a pending
 * invitation to the company gets that one again (`resent`), with a new link.
 */
export async function inviteToCompany(ctx: ActorContext, input: { companyId: string; email: string }) {
  const target = await requireCompany(ctx.db, input.companyId);
  return ctx.transaction((tx) => inviteInTransaction(tx, { ...input, companyName: target.name }));
}

/** An invitation, its email and its audit entry, in the caller's transaction (`tx`). */
export async function inviteInTransaction(
  tx: ActorContext,
  input: { companyId: string; companyName: string; email: string },
) {
  const sent = await writeInvitation(tx, input);
  await audit(tx, {
    action: sent.resent ? "invitation.resent" : "invitation.sent",
    companyId: input.companyId,
    objectType: "invitation",
    objectId: sent.id,
    summary: sent.resent
      ? `Sent a new invitation link to ${sent.email} for ${input.companyName}`
      : `Invited ${sent.email} to ${input.companyName}`,
    after: { email: sent.email, expiresAt: sent.expiresAt },
  });
  return sent;
}

/** A new random link token: the link carries it, the database keeps only its hash. */
export function newInvitationToken(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS) };
}

/** Queues the invitation email with its link, from the context's actor, in the caller's transaction (`tx`). */
export function enqueueInvitationMail(tx: ActorContext, input: { companyName: string; email: string }, token: string) {
  return tx.outbox.enqueue(
    input.email,
    companyInvitationMail({
      companyName: input.companyName,
      inviterName: tx.actor.name || tx.actor.email,
      url: `${tx.app.config.APP_URL}/accept-invitation?token=${token}`,
      expiresInDays: INVITATION_TTL_DAYS,
    }),
  );
}

/**
 * Writes an invitation and its email in the caller's transaction; the link holds a random token,
 * stored hashed. There is one pending invitation per address and company (a partial unique index):
 * when one exists, even one being written by a request at the same moment, it is renewed instead,
 * with a new link and expiry (the earlier link stops working), and `resent` says so.
 */
export async function writeInvitation(
  tx: ActorContext,
  input: { companyId: string; companyName: string; email: string },
) {
  const { now } = tx;
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  // Drizzle's onConflict names columns only; the index's target is an expression, so this is SQL.
  const result = (await tx.db.execute(sql`
    insert into ${companyInvitation} (company_id, email, token_hash, invited_by, expires_at, created_at)
    values (${input.companyId}, ${input.email}, ${tokenHash}, ${tx.actor.id},
      ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (company_id, lower(email)) where accepted_at is null do update
      set token_hash = excluded.token_hash, expires_at = excluded.expires_at, invited_by = excluded.invited_by
    returning id, (xmax <> 0) as resent`)) as unknown as { rows: { id: string; resent: boolean }[] };
  const [invitation] = result.rows;
  await enqueueInvitationMail(tx, input, token);
  return {
    id: invitation!.id,
    email: input.email,
    expiresAt: expiresAt.toISOString(),
    resent: Boolean(invitation!.resent),
  };
}
