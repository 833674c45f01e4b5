import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { containsText } from "../../db/text-search";
import type { Database } from "../../db/client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * A company's main contact: its owner; without one yet, the newest open invitation's address.
 * Both are subqueries of one row per company, joined by hash on the company's id: every
 * company's contact costs one pass over the members and invitations, not one lookup per company.
 */

/** Each company's owner (the first, should there ever be two); only the given companies' when `ids` is set. */
function owners(db: Database, ids?: string[]) {
  return db
    .selectDistinctOn([companyMember.companyId], {
      companyId: companyMember.companyId,
      name: user.name,
      email: user.email,
    })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.role, "owner"), ids ? inArray(companyMember.companyId, ids) : undefined))
    .orderBy(companyMember.companyId, asc(companyMember.createdAt))
    .as("owner");
}

/** Each company's newest invitation that is neither accepted nor expired. */
function openInvitations(db: Database, ids?: string[]) {
  return db
    .selectDistinctOn([companyInvitation.companyId], {
      companyId: companyInvitation.companyId,
      email: companyInvitation.email,
    })
    .from(companyInvitation)
    .where(
      and(
        isNull(companyInvitation.acceptedAt),
        gt(companyInvitation.expiresAt, sql`now()`),
        ids ? inArray(companyInvitation.companyId, ids) : undefined,
      ),
    )
    .orderBy(companyInvitation.companyId, desc(companyInvitation.createdAt))
    .as("invitation");
}

/** The subqueries to join on `company.id`, and the contact's columns. */
export function mainContacts(db: Database, ids?: string[]) {
  const owner = owners(db, ids);
  const invitation = openInvitations(db, ids);
  return {
    owner,
    invitation,
    name: owner.name,
    email: sql<string | null>`coalesce(${owner.email}, ${invitation.email})`,
  };
}

/** The main contacts of a few companies (a page of the table), by company id. */
export async function mainContactsOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string | null; email: string | null }>();
  const contact = mainContacts(db, ids);
  const rows = await db
    .select({ id: company.id, name: contact.name, email: contact.email })
    .from(company)
    .leftJoin(contact.owner, eq(contact.owner.companyId, company.id))
    .leftJoin(contact.invitation, eq(contact.invitation.companyId, company.id))
    .where(inArray(company.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** Whether `column` holds `term`, in any case (a trigram index serves it; the term's % and _ are plain characters). */
export const holds = (column: SQL | AnyPgColumn, term: string) => containsText(column, term);

/**
 * Whether the company's main contact's name or email holds `term`: the companies are found from
 * the people's side (owners; for companies without one, their newest open invitation), once per
 * query rather than once per company.
 */
export function contactHolds(term: string): SQL {
  const m = companyMember;
  const i = companyInvitation;
  return sql`${company.id} in (
    select ${m.companyId} from ${m} inner join ${user} on ${user.id} = ${m.userId}
    where ${m.role} = 'owner' and (${holds(user.name, term)} or ${holds(user.email, term)})
    union all
    select ${i.companyId} from ${i}
    where ${i.acceptedAt} is null and ${i.expiresAt} > now() and ${holds(i.email, term)}
      and not exists (select 1 from ${m} where ${m.companyId} = ${i.companyId} and ${m.role} = 'owner')
      and not exists (select 1 from ${i} newer where newer.company_id = ${i.companyId}
        and newer.accepted_at is null and newer.expires_at > now() and newer.created_at > ${i.createdAt}))`;
}
