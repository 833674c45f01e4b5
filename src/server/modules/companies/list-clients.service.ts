import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { clientSummary, company, companyInvitation, companyMember } from "../../db/schema/companies";
import type {
  ClientSort,
  TClientRow,
  TListClientsResponse,
  ZExportClientsQuery,
  ZListClientsQuery,
} from "../../../shared/clients";
import type { Database } from "../../db/client";
import type { z } from "zod";

export type ClientsView = z.output<typeof ZExportClientsQuery>;

const s = clientSummary;

/** The company's owner (the first, should there ever be two). */
const ownerOf = (db: Database) =>
  db
    .select({ name: user.name, email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.companyId, company.id), eq(companyMember.role, "owner")))
    .orderBy(asc(companyMember.createdAt))
    .limit(1)
    .as("owner");

/** The newest invitation to the company that is neither accepted nor expired. */
const openInvitationOf = (db: Database) =>
  db
    .select({ email: companyInvitation.email })
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.companyId, company.id),
        isNull(companyInvitation.acceptedAt),
        gt(companyInvitation.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(companyInvitation.createdAt))
    .limit(1)
    .as("invitation");

/** `%term%` for ILIKE, the term's own wildcards matched literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The main contact's subqueries and the view's filter (status, and the search over name and contact). */
function viewParts(db: Database, view: ClientsView) {
  const owner = ownerOf(db);
  const invitation = openInvitationOf(db);
  const contactEmail = sql<string | null>`coalesce(${owner.email}, ${invitation.email})`;
  const term = view.q?.trim();
  const search = term
    ? or(
        ilike(company.name, containing(term)),
        ilike(owner.name, containing(term)),
        sql`${contactEmail} ilike ${containing(term)}`,
      )
    : undefined;
  return {
    owner,
    invitation,
    contactEmail,
    search,
    where: and(view.status ? eq(company.status, view.status) : undefined, search),
  };
}

/** How many companies the view holds (the contact is looked up only to search it), and when the figures were made. */
function countQuery(db: Database, view: ClientsView) {
  const { owner, invitation, search, where } = viewParts(db, view);
  const select = db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      refreshedAt: sql<Date | null>`(select max(${s.refreshedAt}) from ${s})`.mapWith(s.refreshedAt),
    })
    .from(company)
    .$dynamic();
  const joined = search ? select.leftJoinLateral(owner, sql`true`).leftJoinLateral(invitation, sql`true`) : select;
  return joined.where(where);
}

/**
 * The whole filtered and sorted view, as one query the caller pages (or not, for the export):
 * filtering, sorting and paging all happen in SQL. Figures come from client_summary, 0 for a
 * company the periodic refresh has not reached yet.
 */
export function clientsQuery(db: Database, view: ClientsView) {
  const { owner, invitation, contactEmail, where } = viewParts(db, view);
  const failureRate = sql<number | null>`case when ${s.runs7d} > 0 then ${s.failed7d}::float8 / ${s.runs7d} end`;
  const lastActivity = sql`coalesce(${s.lastActivityAt}, ${company.updatedAt})`;
  const order: Record<ClientSort, SQL[]> = {
    name: [sql`lower(${company.name})`],
    contact: [sql`lower(coalesce(nullif(${owner.name}, ''), ${contactEmail}))`],
    status: [sql`array_position(array['trial', 'active', 'paused', 'churned'], ${company.status}::text)`],
    automations: [sql`coalesce(${s.automationsLive}, 0)`, sql`coalesce(${s.automationsTotal}, 0)`],
    failureRate: [failureRate],
    hoursSaved: [sql`coalesce(${s.minutesSaved30d}, 0)`],
    lastActivity: [lastActivity],
  };
  const direction = view.dir === "desc" ? sql`desc` : sql`asc`;
  return db
    .select({
      id: company.id,
      name: company.name,
      status: company.status,
      ownerName: owner.name,
      contactEmail,
      automationsLive: sql<number>`coalesce(${s.automationsLive}, 0)`.mapWith(Number),
      automationsTotal: sql<number>`coalesce(${s.automationsTotal}, 0)`.mapWith(Number),
      failureRate: failureRate.mapWith(Number),
      minutesSaved30d: sql<number>`coalesce(${s.minutesSaved30d}, 0)`.mapWith(Number),
      lastActivityAt: lastActivity.mapWith(company.updatedAt),
    })
    .from(company)
    .leftJoin(s, eq(s.companyId, company.id))
    .leftJoinLateral(owner, sql`true`)
    .leftJoinLateral(invitation, sql`true`)
    .where(where)
    .orderBy(...order[view.sort].map((by) => sql`${by} ${direction} nulls last`), sql`${company.id} ${direction}`)
    .$dynamic();
}

type ClientRowData = Awaited<ReturnType<typeof clientsQuery>>[number];

export function toClientRow(row: ClientRowData): TClientRow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    mainContact: row.contactEmail ? { name: row.ownerName || null, email: row.contactEmail } : null,
    automationsLive: row.automationsLive,
    automationsTotal: row.automationsTotal,
    failureRate7d: row.failureRate,
    hoursSaved30d: Math.round((row.minutesSaved30d / 60) * 10) / 10,
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
  };
}

/** One page of the clients table, its total and how fresh its figures are. */
export async function listClients(
  db: Database,
  query: z.output<typeof ZListClientsQuery>,
): Promise<TListClientsResponse> {
  const { page, pageSize, ...view } = query;
  const rows = await clientsQuery(db, view)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await countQuery(db, view);
  return {
    clients: rows.map(toClientRow),
    total: counted?.total ?? 0,
    page,
    pageSize,
    refreshedAt: counted?.refreshedAt?.toISOString() ?? null,
  };
}
