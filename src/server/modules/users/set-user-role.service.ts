import { and, count, eq, ne } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { conflict } from "../../lib/app-error";
import { audit } from "../audit";
import { writeSecurityEvent } from "../security";
import {
  accountColumns,
  companiesOf,
  lockAccount,
  lockStaffAccess,
  requireActiveStaff,
  toStaffUser,
} from "./user-account";
import type { Role } from "../../../shared/constants";
import type { TUserActionResponse } from "../../../shared/users";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/**
 * Staff do not belong to client companies: promoting a client takes them out of theirs. The
 * owner of a company that has other members is refused (the company would lose its owner).
 */
async function leaveCompanyForStaff(tx: Database, target: { id: string; email: string }) {
  const membership = (await companiesOf(tx, [target.id])).get(target.id);
  if (!membership) return null;
  if (membership.role === "owner") {
    const [others] = await tx
      .select({ n: count() })
      .from(companyMember)
      .where(and(eq(companyMember.companyId, membership.id), ne(companyMember.userId, target.id)));
    const n = others?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `${target.email} owns ${membership.name}, which has ${n} other member${n === 1 ? "" : "s"}. ` +
          "Staff do not belong to client companies: make someone else its owner, or remove its other members, first.",
        "owner-with-members",
      );
    }
  }
  await tx
    .delete(companyMember)
    .where(and(eq(companyMember.companyId, membership.id), eq(companyMember.userId, target.id)));
  return membership;
}

/**
 * Makes an account staff (admin) or a client. Never takes away the last active staff account:
 * the check and the change are made under one lock, so two demotions at once cannot both pass.
 * The change, the audit entry and the security-log event are written together.
 */
export async function setUserRole(
  ctx: ActorContext,
  input: { userId: string; role: Role },
): Promise<TUserActionResponse> {
  const { actor } = ctx;
  return ctx.transaction(async (tx) => {
    await lockStaffAccess(tx.db);
    const active = await requireActiveStaff(tx.db, actor.id);
    const target = await lockAccount(tx.db, input.userId);
    const current: Role = target.role === "admin" ? "admin" : "client";
    if (current === input.role) {
      throw conflict(`${target.email} is already ${input.role === "admin" ? "staff" : "a client"}.`, "same-role");
    }
    let left: Awaited<ReturnType<typeof leaveCompanyForStaff>> = null;
    if (input.role === "client") {
      if (active.includes(target.id) && active.length === 1) {
        throw conflict(
          "This is the last active staff account: make someone else staff before making it a client.",
          "last-staff",
        );
      }
    } else {
      if (target.banned) throw conflict(`${target.email} is banned: unban them before making them staff.`, "banned");
      left = await leaveCompanyForStaff(tx.db, target);
    }
    const [changed] = await tx.db
      .update(user)
      .set({ role: input.role, updatedAt: tx.now })
      .where(eq(user.id, target.id))
      .returning(accountColumns);
    const removed = left ? ` and removed them from ${left.name}, where they were ${left.role}` : "";
    await audit(tx, {
      action: "user.role_changed",
      companyId: left?.id ?? null,
      objectType: "user",
      objectId: target.id,
      summary:
        input.role === "admin"
          ? `Made ${target.email} staff${removed}`
          : `Made ${target.email} a client (no longer staff)`,
      before: { role: current, company: left },
      after: { role: input.role, company: null },
    });
    await writeSecurityEvent(tx.db, {
      type: "role_changed",
      message: `Role of ${target.email} set to ${input.role}`,
      userId: target.id,
      email: target.email,
      ip: actor.ip,
      details: { by: actor.email, role: input.role },
    });
    return { user: toStaffUser(changed!, undefined) };
  });
}
