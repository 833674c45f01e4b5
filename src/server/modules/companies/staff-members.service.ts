import { and, eq } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { AppError, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const NO_SUCH_MEMBER = "This person is not a member of this company.";

/** A member of this company, with their address (someone of another company is a 404). */
async function memberOf(tx: Database, companyId: string, userId: string) {
  const [row] = await tx
    .select({ userId: companyMember.userId, role: companyMember.role, email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.companyId, companyId), eq(companyMember.userId, userId)));
  if (!row) throw notFound(NO_SUCH_MEMBER);
  return row;
}

/**
 * Takes someone out of a client company. They keep their account, without a company. The owner
 * cannot be removed: another member must be made owner first.
 */
export async function removeMember(ctx: ActorContext, ids: { companyId: string; userId: string }) {
  return ctx.transaction(async (tx) => {
    const target = await lockClientCompany(tx.db, ids.companyId);
    const member = await memberOf(tx.db, ids.companyId, ids.userId);
    if (member.role === "owner")
      throw new AppError(
        "CONFLICT",
        `${member.email} is the owner of ${target.name} and cannot be removed. Make someone else the owner first.`,
        { reason: "owner" },
      );
    await tx.db
      .delete(companyMember)
      .where(and(eq(companyMember.companyId, ids.companyId), eq(companyMember.userId, ids.userId)));
    await audit(tx, {
      action: "member.removed",
      companyId: ids.companyId,
      objectType: "member",
      objectId: ids.userId,
      summary: `Removed ${member.email} from ${target.name}`,
      before: { email: member.email, role: member.role },
    });
    return { removed: true as const };
  });
}

/** Makes a member the company's owner; the previous owner stays on as a member. */
export async function makeOwner(ctx: ActorContext, ids: { companyId: string; userId: string }) {
  return ctx.transaction(async (tx) => {
    const target = await lockClientCompany(tx.db, ids.companyId);
    const member = await memberOf(tx.db, ids.companyId, ids.userId);
    if (member.role === "owner")
      throw new AppError("CONFLICT", `${member.email} is already the owner of ${target.name}.`, {
        reason: "already-owner",
      });
    const [previous] = await tx.db
      .select({ userId: companyMember.userId, email: user.email })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .where(and(eq(companyMember.companyId, ids.companyId), eq(companyMember.role, "owner")));
    await tx.db
      .update(companyMember)
      .set({ role: "member" })
      .where(and(eq(companyMember.companyId, ids.companyId), eq(companyMember.role, "owner")));
    await tx.db
      .update(companyMember)
      .set({ role: "owner" })
      .where(and(eq(companyMember.companyId, ids.companyId), eq(companyMember.userId, ids.userId)));
    await audit(tx, {
      action: "member.made_owner",
      companyId: ids.companyId,
      objectType: "member",
      objectId: ids.userId,
      summary: previous
        ? `Made ${member.email} the owner of ${target.name} in place of ${previous.email}`
        : `Made ${member.email} the owner of ${target.name}`,
      before: { owner: previous?.email ?? null },
      after: { owner: member.email },
    });
    return { ownerUserId: ids.userId, previousOwnerUserId: previous?.userId ?? null };
  });
}
