import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne, notExists, sql } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { automation } from "../../db/schema/automations";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { AppError } from "../../lib/app-error";
import { sha256Hex } from "../../lib/sha256";
import { enqueueMail } from "../../mail/outbox";
import { companyInvitationMail } from "../../mail/templates";
import { recordAudit, type AuditActor } from "../audit/record-audit";
import { lockClientCompany, requireCompany } from "./client-company-lock";
import type { Database } from "../../db/client";

export const INVITATION_TTL_DAYS = 7;

/** Who sends an invitation: named in its email, and recorded in the audit log. */
type Inviter = AuditActor & { name: string };

/** Invites someone to a company; the invitation, its email and the audit entry are written together. */
export async function inviteToCompany(
  db: Database,
  input: { companyId: string; inviter: Inviter; email: string; appUrl: string },
  now = new Date(),
) {
  const target = await requireCompany(db, input.companyId);
  return db.transaction(async (tx) => {
    const sent = await writeInvitation(tx, { ...input, companyName: target.name }, now);
    await recordAudit(tx, input.inviter, {
      action: "invitation.sent",
      companyId: input.companyId,
      objectType: "invitation",
      objectId: sent.id,
      summary: `Invited ${sent.email} to ${target.name}`,
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
 * stored hashed.
 */
export async function writeInvitation(
  tx: Pick<Database, "insert">,
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
  const [invitation] = await tx
    .insert(companyInvitation)
    .values({
      companyId: input.companyId,
      email: input.email,
      tokenHash,
      invitedBy: input.inviter.id,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: companyInvitation.id });
  await enqueueInvitationMail(tx, input, token);
  return { id: invitation!.id, email: input.email, expiresAt: expiresAt.toISOString() };
}

/** Why an invitation cannot be accepted: the error's `reason`, with its status and wording. */
const ACCEPT_PROBLEMS = {
  invalid: ["NOT_FOUND", "This invitation link is not valid. Ask for a new invitation."],
  expired: ["GONE", "This invitation has expired. Ask the person who invited you for a new one."],
  used: ["GONE", "This invitation has already been used."],
  "wrong-email": [
    "FORBIDDEN",
    "This invitation was sent to another email address. Sign in with that address to accept it.",
  ],
  staff: ["FORBIDDEN", "Agency staff accounts do not join client companies."],
} as const;

const refused = (reason: keyof typeof ACCEPT_PROBLEMS) =>
  new AppError(ACCEPT_PROBLEMS[reason][0], ACCEPT_PROBLEMS[reason][1], { reason });

export type AcceptResult = { ok: true; companyId: string; companyName: string };

/**
 * Joins the invited company. The invitation is claimed by one conditional UPDATE, so it
 * works once. The user leaves the company made for them at sign-up; that company is
 * deleted when nobody else is in it and nothing was built for it.
 */
export async function acceptInvitation(
  db: Database,
  viewer: { id: string; email: string; role?: string | null },
  token: string,
  now = new Date(),
): Promise<AcceptResult> {
  if (viewer.role === "admin") throw refused("staff");
  const [invitation] = await db
    .select({
      id: companyInvitation.id,
      companyId: companyInvitation.companyId,
      email: companyInvitation.email,
      expiresAt: companyInvitation.expiresAt,
      acceptedAt: companyInvitation.acceptedAt,
      companyName: company.name,
    })
    .from(companyInvitation)
    .innerJoin(company, eq(company.id, companyInvitation.companyId))
    .where(eq(companyInvitation.tokenHash, sha256Hex(token)));
  if (!invitation) throw refused("invalid");
  if (invitation.acceptedAt) throw refused("used");
  if (invitation.expiresAt <= now) throw refused("expired");
  if (invitation.email.toLowerCase() !== viewer.email.toLowerCase()) throw refused("wrong-email");
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(companyInvitation)
      .set({ acceptedAt: now, acceptedBy: viewer.id })
      .where(and(eq(companyInvitation.id, invitation.id), isNull(companyInvitation.acceptedAt)))
      .returning({ id: companyInvitation.id });
    if (claimed.length === 0) throw refused("used");
    const left = await tx
      .delete(companyMember)
      .where(and(eq(companyMember.userId, viewer.id), ne(companyMember.companyId, invitation.companyId)))
      .returning({ companyId: companyMember.companyId });
    for (const { companyId } of left) {
      await tx.delete(company).where(
        and(
          eq(company.id, companyId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(companyMember)
              .where(eq(companyMember.companyId, companyId)),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(automation)
              .where(eq(automation.companyId, companyId)),
          ),
        ),
      );
    }
    // The first person to join a company staff created for a client becomes its owner. The company
    // row is locked first, so two people accepting at once cannot both find no owner.
    await lockClientCompany(tx, invitation.companyId);
    const [owner] = await tx
      .select({ userId: companyMember.userId })
      .from(companyMember)
      .where(and(eq(companyMember.companyId, invitation.companyId), eq(companyMember.role, "owner")))
      .limit(1);
    await tx
      .insert(companyMember)
      .values({ companyId: invitation.companyId, userId: viewer.id, role: owner ? "member" : "owner", createdAt: now })
      .onConflictDoNothing();
    return { ok: true, companyId: invitation.companyId, companyName: invitation.companyName } as const;
  });
}
