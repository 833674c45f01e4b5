import { eq } from "drizzle-orm";
import { formatMoney } from "../../../shared/price-format";
import { user } from "../../db/schema/auth";
import { company, companyMember } from "../../db/schema/companies";
import type { ServiceContext } from "../../context/service-context";

type Charges = { setupFeeMinor: number; monthlyFeeChangeMinor: number; currency: string };

/** A proposal adds charges when it has a setup fee or raises the monthly fee (a lower fee adds none). */
export const addsCharges = (p: Charges) => p.setupFeeMinor > 0 || p.monthlyFeeChangeMinor > 0;

/** "a setup fee of €2,500 and €300 more a month", in the proposal's currency. */
function chargesInWords(p: Charges) {
  const parts = [
    p.setupFeeMinor > 0 ? `a setup fee of ${formatMoney(p.setupFeeMinor, p.currency)}` : null,
    p.monthlyFeeChangeMinor > 0 ? `${formatMoney(p.monthlyFeeChangeMinor, p.currency)} more a month` : null,
  ];
  return parts.filter(Boolean).join(" and ");
}

/**
 * Why this client may not approve the proposal, or null when they may. Approving a proposal
 * that adds charges commits the company to them, which only its owner does (as changing the
 * billing plan); a proposal without charges, and declining any proposal, stay open to members.
 */
export async function approvalRefusal(
  ctx: ServiceContext,
  input: { userId: string; companyId: string; proposal: Charges },
): Promise<string | null> {
  if (!addsCharges(input.proposal)) return null;
  const { db } = ctx;
  const people = await db
    .select({ userId: companyMember.userId, role: companyMember.role, name: user.name, email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, input.companyId));
  if (people.some((p) => p.userId === input.userId && p.role === "owner")) return null;
  const owner = people.find((p) => p.role === "owner");
  const [named] = await db.select({ name: company.name }).from(company).where(eq(company.id, input.companyId));
  const ask = owner
    ? `Ask ${owner.name || owner.email} to approve it, or decline it.`
    : "The company has no owner at the moment: ask us to name one.";
  return `Only the owner of ${named?.name ?? "the company"} can approve this proposal: it adds ${chargesInWords(input.proposal)}. ${ask}`;
}
