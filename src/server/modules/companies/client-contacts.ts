import { and, asc, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { preparedOnce, UNNAMED } from "../../db/prepared-once";
import { user } from "../../db/schema/auth";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import type { Database } from "../../db/client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * A company's main contact: its owner; without one yet, the newest open invitation's address.
 * Both are subqueries of one row per company, joined by hash on the company's id: every
 * company's contact costs one pass over the members and invitations, not one lookup per company.
 */

/** `column` is one of `ids` (an SQL array of uuids: a bound placeholder, so the statement is built once). */
const oneOf = (column: AnyPgColumn, ids: SQL) => sql`${column} = any(${ids}::uuid[])`;

/** Each company's owner (the first, should there ever be two); only the given companies' when `ids` is set. */
function owners(db: Database, ids?: SQL) {
  return (
    db
      .selectDistinctOn([companyMember.companyId], {
        companyId: companyMember.companyId,
        name: user.name,
        email: user.email,
      })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .where(and(eq(companyMember.role, "owner"), ids ? oneOf(companyMember.companyId, ids) : undefined))
      // The same owner as the stored sort key (company_standing.contact_key, migration 0034).
      .orderBy(companyMember.companyId, asc(companyMember.createdAt), asc(companyMember.userId))
      .as("owner")
  );
}

/** Each company's newest invitation that is neither accepted nor expired. */
function openInvitations(db: Database, ids?: SQL) {
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
        ids ? oneOf(companyInvitation.companyId, ids) : undefined,
      ),
    )
    .orderBy(companyInvitation.companyId, desc(companyInvitation.createdAt), desc(companyInvitation.id))
    .as("invitation");
}

/** The subqueries to join on `company.id`, and the contact's columns. */
export function mainContacts(db: Database, ids?: SQL) {
  const owner = owners(db, ids);
  const invitation = openInvitations(db, ids);
  return {
    owner,
    invitation,
    name: owner.name,
    email: sql<string | null>`coalesce(${owner.email}, ${invitation.email})`,
  };
}

/**
 * The clients table's sort key for the main contact, per `company` row: the owner's, stored by the
 * database (`contactKey`: company_standing.contact_key, kept by the triggers of migration 0034);
 * without an owner, the newest open invitation's address, looked up for those companies only (an
 * invitation stops counting when it expires, so that part is decided at the read).
 */
export function contactSortKey(contactKey: AnyPgColumn): SQL {
  const i = companyInvitation;
  return sql`coalesce(${contactKey}, (select lower(${i.email}) from ${i}
    where ${i.companyId} = ${company.id} and ${i.acceptedAt} is null and ${i.expiresAt} > now()
    order by ${i.createdAt} desc, ${i.id} desc limit 1))`;
}

/** The main contacts of a few companies (a page of the table), by company id. */
export async function mainContactsOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string | null; email: string | null }>();
  const statement = preparedOnce(db, "mainContactsOf", () => {
    const given = sql`${sql.placeholder("ids")}`;
    const contact = mainContacts(db, given);
    return db
      .select({ id: company.id, name: contact.name, email: contact.email })
      .from(company)
      .leftJoin(contact.owner, eq(contact.owner.companyId, company.id))
      .leftJoin(contact.invitation, eq(contact.invitation.companyId, company.id))
      .where(oneOf(company.id, given))
      .prepare(UNNAMED);
  });
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/**
 * Whether `column` holds the term, in any case: `pattern` is the term's `containsPattern` (its % and
 * _ are plain characters), as a value or a placeholder. A trigram index serves it (ADR 0035).
 */
export const holds = (column: SQL | AnyPgColumn, pattern: SQL) => sql`${column} ilike ${pattern}`;

/**
 * Whether the company's main contact's name or email holds `term`: the companies are found from
 * the people's side (owners; for companies without one, their newest open invitation), once per
 * query rather than once per company.
 */
export function contactHolds(pattern: SQL): SQL {
  const m = companyMember;
  const i = companyInvitation;
  return sql`${company.id} in (
    select ${m.companyId} from ${m} inner join ${user} on ${user.id} = ${m.userId}
    where ${m.role} = 'owner' and (${holds(user.name, pattern)} or ${holds(user.email, pattern)})
    union all
    select ${i.companyId} from ${i}
    where ${i.acceptedAt} is null and ${i.expiresAt} > now() and ${holds(i.email, pattern)}
      and not exists (select 1 from ${m} where ${m.companyId} = ${i.companyId} and ${m.role} = 'owner')
      and not exists (select 1 from ${i} newer where newer.company_id = ${i.companyId}
        and newer.accepted_at is null and newer.expires_at > now() and newer.created_at > ${i.createdAt}))`;
}
