import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { requireCompany } from "../../context/company-scope";
import { companyInvitation } from "../../db/schema/companies";
import { sha256Hex } from "../../lib/sha256";
import { enqueueMail } from "../../mail/outbox";
import { companyInvitationMail } from "../../mail/templates";
import { recordAudit, type AuditActor } from "../audit";
import type { Database } from "../../db/client";

export const INVITATION_TTL_DAYS = 7;

/** Who sends an invitation: named in its email, and recorded in the audit log. */
type Inviter = AuditActor & { name: string };

/**
 * Invites someone to a company; the invitation, its email and the audit entry are written together.
 * An address with a pending invitation to the company gets that one again (`resent`), with a new link.
 */
export async function inviteToCompany(
  db: Database,
  input: { companyId: string; inviter: Inviter; email: string; appUrl: string },
  now = new Date(),
) {
  const target = await requireCompany(db, input.companyId);
  return db.transaction(async (tx) => {
    const sent = await writeInvitation(tx, { ...input, companyName: target.name }, now);
    await recordAudit(tx, input.inviter, {
      action: sent.resent ? "invitation.resent" : "invitation.sent",
      companyId: input.companyId,
      objectType: "invitation",
      objectId: sent.id,
      summary: sent.resent
        ? `Sent a new invitation link to ${sent.email} for ${target.name}`
        : `Invited ${sent.email} to ${target.name}`,
      after: { email: sent.email, expiresAt: sent.expiresAt },
    });
    return sent;
  });
}

/** A new random link token: the link carries it, the database keeps only its hash. */
export function newInvitationToken(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS) };
}

/** Queues the invitation email with its link, in the caller's transaction. */
export function enqueueInvitationMail(
  tx: Pick<Database, "insert">,
  input: { companyName: string; inviter: { name: string; email: string }; email: string; appUrl: string },
  token: string,
) {
  return enqueueMail(
    tx,
    input.email,
    companyInvitationMail({
      companyName: input.companyName,
      inviterName: input.inviter.name || input.inviter.email,
      url: `${input.appUrl}/accept-invitation?token=${token}`,
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
  tx: Pick<Database, "execute" | "insert">,
  input: {
    companyId: string;
    companyName: string;
    inviter: { id: string; name: string; email: string };
    email: string;
    appUrl: string;
  },
  now = new Date(),
) {
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  // Drizzle's onConflict names columns only; the index's target is an expression, so this is SQL.
  const result = (await tx.execute(sql`
    insert into ${companyInvitation} (company_id, email, token_hash, invited_by, expires_at, created_at)
    values (${input.companyId}, ${input.email}, ${tokenHash}, ${input.inviter.id},
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
