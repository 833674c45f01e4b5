import { and, eq, not } from "drizzle-orm";
import { requireCompany } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { company, companyMember } from "../../db/schema/companies";
import { conflict } from "../../lib/app-error";
import { secondFactorRequiredMail } from "../../mail/templates";
import { audit } from "../audit";
import { hasSecondFactorSql } from "./companies.service";
import type { ActorContext } from "../../context/service-context";

export const OWNER_NEEDS_SECOND_FACTOR =
  "Set up a second factor for your own account first (an authenticator app or a passkey, in your account settings), " +
  "or sign in with your passkey: then you can require one of everyone in the company.";

/**
 * The owner requires a second factor of every member, or stops requiring it. Turning it on needs
 * the owner's own session to have passed one (else the owner would lock themselves out). Members
 * without one are mailed; the access guards hold them at their account until they set one up.
 * The setting, its audit entry and the mails are written together.
 */
export async function updateSecondFactorPolicy(
  ctx: ActorContext,
  input: { companyId: string; required: boolean; ownerPassedSecondFactor: boolean },
) {
  const { companyId, required } = input;
  if (required && !input.ownerPassedSecondFactor) throw conflict(OWNER_NEEDS_SECOND_FACTOR);
  return ctx.transaction(async (tx) => {
    const current = await requireCompany(tx.db, companyId, { lock: true });
    const without = await tx.db
      .select({ email: user.email })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .where(and(eq(companyMember.companyId, current.id), not(hasSecondFactorSql(tx.db))));
    const result = { requireSecondFactor: required, membersWithoutSecondFactor: without.length };
    if (current.requireSecondFactor === required) return result;
    await tx.db
      .update(company)
      .set({ requireSecondFactor: required, updatedAt: tx.now })
      .where(eq(company.id, current.id));
    await audit(tx, {
      action: "company.second_factor_policy_changed",
      companyId: current.id,
      objectType: "company",
      objectId: current.id,
      summary: required
        ? `Required a second factor of every member of ${current.name} (${without.length} without one yet)`
        : `Stopped requiring a second factor of the members of ${current.name}`,
      before: { requireSecondFactor: current.requireSecondFactor },
      after: { requireSecondFactor: required },
    });
    if (required) {
      const mail = secondFactorRequiredMail(current.name, `${ctx.app.config.APP_URL}/account`);
      for (const member of without) await tx.outbox.enqueue(member.email, mail);
    }
    return result;
  });
}
