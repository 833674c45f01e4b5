import { and, count, eq, isNull, ne, notExists, sql } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { AppError } from "../../lib/app-error";
import { sha256Hex } from "../../lib/sha256";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

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

/**
 * The owner of a company with other members does not leave it by joining another: it would be
 * left without an owner (the rule of a role change, set-user-role.service.ts). An owner alone leaves.
 */
async function refuseOwnerWithMembers(tx: Database, viewerId: string, companyId: string, joining: string) {
  const [own] = await tx
    .select({ name: company.name, others: count(companyMember.userId) })
    .from(company)
    .leftJoin(companyMember, and(eq(companyMember.companyId, company.id), ne(companyMember.userId, viewerId)))
    .where(eq(company.id, companyId))
    .groupBy(company.id);
  const n = own?.others ?? 0;
  if (n === 0) return;
  throw new AppError(
    "CONFLICT",
    `You own ${own!.name}, which has ${n} other member${n === 1 ? "" : "s"}: joining ${joining} would leave ` +
      `${n === 1 ? "them" : "them all"} without an owner. Ask us to make one of them its owner first, then accept again.`,
    { reason: "owner-with-members" },
  );
}

const refused = (reason: keyof typeof ACCEPT_PROBLEMS) =>
  new AppError(ACCEPT_PROBLEMS[reason][0], ACCEPT_PROBLEMS[reason][1], { reason });

export type AcceptResult = { ok: true; companyId: string; companyName: string };

/**
 * Joins the invited company. The invitation is claimed by one conditional UPDATE, so it
 * works once. The user leaves the company made for them at sign-up; that company is
 * deleted when nobody else is in it and nothing was built for it.
 */
export async function acceptInvitation(ctx: ActorContext, input: { token: string }): Promise<AcceptResult> {
  const { actor: viewer, now } = ctx;
  if (viewer.role === "admin") throw refused("staff");
  const [invitation] = await ctx.db
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
    .where(eq(companyInvitation.tokenHash, sha256Hex(input.token)));
  if (!invitation) throw refused("invalid");
  if (invitation.acceptedAt) throw refused("used");
  if (invitation.expiresAt <= now) throw refused("expired");
  if (invitation.email.toLowerCase() !== viewer.email.toLowerCase()) throw refused("wrong-email");
  return ctx.transaction(async ({ db: tx }) => {
    const own = await tx
      .select({ companyId: companyMember.companyId, role: companyMember.role })
      .from(companyMember)
      .where(and(eq(companyMember.userId, viewer.id), ne(companyMember.companyId, invitation.companyId)));
    // Both companies are locked, always in one order: a member joining the company being left waits
    // for the check below (or finds it gone), and two owners joining each other's at once do not deadlock.
    const locked = [invitation.companyId, ...own.map((m) => m.companyId)].sort();
    for (const companyId of locked) await lockClientCompany(tx, companyId);
    for (const membership of own)
      if (membership.role === "owner")
        await refuseOwnerWithMembers(tx, viewer.id, membership.companyId, invitation.companyName);
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
    // row is locked (above), so two people accepting at once cannot both find no owner.
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
