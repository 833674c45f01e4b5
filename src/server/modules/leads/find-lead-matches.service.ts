import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { contactLead } from "../../db/schema/leads";
import { notFound } from "../../lib/app-error";
import { isPersonalMailDomain } from "../companies";
import { NO_LEAD } from "./update-lead.service";
import type { TLeadMatch } from "../../../shared/leads";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** The client company whose member has this address (staff belong to none), if any. */
export async function companyOfAccount(db: Database, email: string) {
  const [row] = await db
    .select({ companyId: company.id, companyName: company.name })
    .from(user)
    .innerJoin(companyMember, eq(companyMember.userId, user.id))
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * The existing companies a lead may belong to, strongest reason first: the company of an account
 * with the lead's address, one with a pending invitation to it, and those with a member of the
 * same email domain (a personal mail provider's domain says nothing, and is not looked at).
 */
export async function findLeadMatches(ctx: ServiceContext, input: { id: string }): Promise<{ matches: TLeadMatch[] }> {
  const { db } = ctx;
  const [lead] = await db.select({ email: contactLead.email }).from(contactLead).where(eq(contactLead.id, input.id));
  if (!lead) throw notFound(NO_LEAD);
  const email = lead.email.toLowerCase();
  const domain = domainOf(email);
  const matches: TLeadMatch[] = [];
  const add = (match: TLeadMatch) => {
    if (!matches.some((m) => m.companyId === match.companyId)) matches.push(match);
  };
  const account = await companyOfAccount(db, email);
  if (account)
    add({ ...account, reason: "account", detail: `${email} already has an account in ${account.companyName}.` });
  const invited = await db
    .select({ companyId: company.id, companyName: company.name })
    .from(companyInvitation)
    .innerJoin(company, eq(company.id, companyInvitation.companyId))
    .where(and(eq(sql`lower(${companyInvitation.email})`, email), isNull(companyInvitation.acceptedAt)))
    .orderBy(asc(company.name));
  for (const row of invited)
    add({ ...row, reason: "invitation", detail: `${email} has an invitation to ${row.companyName} waiting.` });
  if (!isPersonalMailDomain(domain)) {
    const sameDomain = await db
      .selectDistinct({ companyId: company.id, companyName: company.name, email: user.email })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .innerJoin(company, eq(company.id, companyMember.companyId))
      .where(and(eq(sql`lower(split_part(${user.email}, '@', 2))`, domain), ne(sql`lower(${user.email})`, email)))
      .orderBy(asc(company.name), asc(user.email))
      .limit(20);
    for (const row of sameDomain)
      add({
        companyId: row.companyId,
        companyName: row.companyName,
        reason: "domain",
        detail: `${row.email}, of the same domain @${domain}, is a member of ${row.companyName}.`,
      });
  }
  return { matches };
}
