import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { storedCompanyStatusAt } from "../../db/company-status";
import { preparedOnce, UNNAMED } from "../../db/prepared-once";
import { subscription } from "../../db/schema/billing";
import { clientSummary, clientSummaryState, company, companyStanding } from "../../db/schema/companies";
import { pricingPlan } from "../../db/schema/pricing";
import { subscriptionMrrMinor } from "../../db/subscription-mrr";
import { containsPattern } from "../../db/text-search";
import { hoursUsedOf, type HoursUsed } from "../hours";
import { contactHolds, contactSortKey, holds, mainContacts, mainContactsOf } from "./client-contacts";
import type {
  ClientSort,
  TClientRow,
  TListClientsResponse,
  ZExportClientsQuery,
  ZListClientsQuery,
} from "../../../shared/clients";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";
import type { z } from "zod";

export type ClientsView = z.output<typeof ZExportClientsQuery>;

const s = clientSummary;

const standing = companyStanding;

/**
 * The values a view's statement reads: bound values (the export), or placeholders (a page's
 * statements, built once per shape and bound per request).
 */
interface ViewValues {
  now: SQL;
  /** The search term's `containsPattern`. */
  pattern: SQL;
  status: SQL;
}

const searchTerm = (view: ClientsView) => view.q?.trim() || undefined;

/** The placeholders' values for one request; `ViewValues` of the same view, bound now. */
function bindingsOf(view: ClientsView, now: Date) {
  const term = searchTerm(view);
  return { now: now.toISOString(), pattern: term ? containsPattern(term) : "", status: view.status ?? "" };
}

const valuesOf = (view: ClientsView, now: Date): ViewValues => {
  const bound = bindingsOf(view, now);
  return { now: sql`${bound.now}`, pattern: sql`${bound.pattern}`, status: sql`${bound.status}` };
};

const placeholders: ViewValues = {
  now: sql`${sql.placeholder("now")}`,
  pattern: sql`${sql.placeholder("pattern")}`,
  status: sql`${sql.placeholder("status")}`,
};

/** What changes a view's statement text (its values do not). */
const shapeOf = (view: ClientsView) =>
  `${view.sort}:${view.dir}:${view.status ? "status" : ""}:${searchTerm(view) ? "q" : ""}`;

/** The view's filter (over `company` joined with `company_standing`): its status at `now`, and its search over the name and the main contact's name and email. */
function filterOf(view: ClientsView, values: ViewValues) {
  return and(
    view.status ? sql`${storedCompanyStatusAt(values.now)} = ${values.status}` : undefined,
    searchTerm(view) ? or(holds(company.name, values.pattern), contactHolds(values.pattern)) : undefined,
  );
}

/** A view's statement: bound to `now` (the export), or with placeholders and a page's companies. */
type ClientsQueryOptions =
  | { contacts: boolean; now: Date }
  | {
      contacts: false;
      values: ViewValues;
      /** Only these companies (a subquery of ids). */
      ids?: SQLWrapper;
    };

/**
 * The whole filtered and sorted view, as one query the caller pages (or not, for the export):
 * filtering, sorting and paging all happen in SQL, with the company's id as the last tie-breaker.
 * Figures come from client_summary (0 for a company the refresh has not reached yet). The main
 * contact is joined when `contacts` is set (the export); otherwise it is left null here.
 */
export function clientsQuery(db: Database, view: ClientsView, options: ClientsQueryOptions) {
  const values = "values" in options ? options.values : valuesOf(view, options.now);
  const ids = "ids" in options ? options.ids : undefined;
  // Status and open tickets from the trigger-kept facts (ADR 0035): exact at `now`, and cheap to sort on.
  const status = storedCompanyStatusAt(values.now);
  const contact = mainContacts(db);
  const failureRate = sql<number | null>`case when ${s.runs7d} > 0 then ${s.failed7d}::float8 / ${s.runs7d} end`;
  const lastActivity = sql`coalesce(${s.lastActivityAt}, ${company.updatedAt})`;
  const mrr = sql<number>`coalesce(${subscriptionMrrMinor}, 0)`;
  const openTickets = sql<number>`coalesce(${standing.openTickets}, 0)`;
  const order: Record<ClientSort, SQL[]> = {
    name: [sql`lower(${company.name})`],
    contact: [contactSortKey(standing.contactKey)],
    status: [sql`array_position(array['trial', 'active', 'past_due', 'paused', 'churned'], ${status}::text)`],
    automations: [sql`coalesce(${s.automationsLive}, 0)`, sql`coalesce(${s.automationsTotal}, 0)`],
    failureRate: [failureRate],
    hoursSaved: [sql`coalesce(${s.minutesSaved30d}, 0)`],
    lastActivity: [lastActivity],
    plan: [sql`lower(${pricingPlan.name})`],
    mrr: [mrr],
    openTickets: [openTickets],
  };
  const direction = view.dir === "desc" ? sql`desc` : sql`asc`;
  // Only these can be null; the others keep a plain order, which an index can serve both ways.
  const nullable: ClientSort[] = ["contact", "failureRate", "plan"];
  const nulls = nullable.includes(view.sort) ? sql` nulls last` : sql``;
  const select = db
    .select({
      id: company.id,
      name: company.name,
      status,
      contactName: options.contacts ? contact.name : sql<string | null>`null`,
      contactEmail: options.contacts ? contact.email : sql<string | null>`null`,
      automationsLive: sql<number>`coalesce(${s.automationsLive}, 0)`.mapWith(Number),
      automationsTotal: sql<number>`coalesce(${s.automationsTotal}, 0)`.mapWith(Number),
      failureRate: failureRate.mapWith(Number),
      minutesSaved30d: sql<number>`coalesce(${s.minutesSaved30d}, 0)`.mapWith(Number),
      lastActivityAt: lastActivity.mapWith(company.updatedAt),
      planName: pricingPlan.name,
      subscriptionStatus: subscription.status,
      mrrMinor: mrr.mapWith(Number),
      currency: company.currency,
      openTickets: openTickets.mapWith(Number),
    })
    .from(company)
    .leftJoin(standing, eq(standing.companyId, company.id))
    .leftJoin(s, eq(s.companyId, company.id))
    .leftJoin(subscription, eq(subscription.companyId, company.id))
    .leftJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .$dynamic();
  const joined = options.contacts
    ? select
        .leftJoin(contact.owner, eq(contact.owner.companyId, company.id))
        .leftJoin(contact.invitation, eq(contact.invitation.companyId, company.id))
    : select;
  return joined
    .where(and(filterOf(view, values), ids ? inArray(company.id, ids) : undefined))
    .orderBy(...order[view.sort].map((by) => sql`${by} ${direction}${nulls}`), sql`${company.id} ${direction}`);
}

type ClientRowData = Awaited<ReturnType<typeof clientsQuery>>[number];

export function toClientRow(row: ClientRowData): TClientRow {
  return toClientRowWith(row, null);
}

function toClientRowWith(row: ClientRowData, hoursThisPeriod: HoursUsed | null): TClientRow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    mainContact: row.contactEmail ? { name: row.contactName || null, email: row.contactEmail } : null,
    automationsLive: row.automationsLive,
    automationsTotal: row.automationsTotal,
    failureRate7d: row.failureRate,
    hoursSaved30d: Math.round((row.minutesSaved30d / 60) * 10) / 10,
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    plan: row.planName && row.subscriptionStatus ? { name: row.planName, status: row.subscriptionStatus } : null,
    mrrMinor: row.mrrMinor,
    currency: row.currency,
    openTickets: row.openTickets,
    ...(hoursThisPeriod === null ? {} : { hoursThisPeriod }),
  };
}

/** How many companies the view holds, and when the figures were last computed (built once per filter shape). */
function countStatement(db: Database, view: ClientsView) {
  return preparedOnce(db, `clients.count:${view.status ? "status" : ""}:${searchTerm(view) ? "q" : ""}`, () =>
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        // A refresh rewrites only the companies that changed (ADR 0035): its state row says when it ran.
        refreshedAt:
          sql<Date | null>`(select ${clientSummaryState.refreshedAt} from ${clientSummaryState} where ${clientSummaryState.id} = 1)`.mapWith(
            clientSummaryState.refreshedAt,
          ),
      })
      .from(company)
      .leftJoin(standing, eq(standing.companyId, company.id))
      .where(filterOf(view, placeholders))
      .prepare(UNNAMED),
  );
}

/**
 * A page's rows in one statement, built once per shape (sort, direction, filters): the page's
 * companies are chosen first on the sort keys alone (PostgreSQL drops a subquery's unused
 * columns), so a deep page computes statuses and ticket counts for its rows, not for every row
 * the offset skips (ADR 0035); then those rows are read in the same order.
 */
function pageStatement(db: Database, view: ClientsView) {
  return preparedOnce(db, `clients.page:${shapeOf(view)}`, () => {
    const chosen = clientsQuery(db, view, { contacts: false, values: placeholders })
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("chosen");
    const ids = db.select({ id: chosen.id }).from(chosen);
    return clientsQuery(db, view, { contacts: false, values: placeholders, ids }).prepare(UNNAMED);
  });
}

/**
 * One page of the clients table. The page is chosen without the main contacts (sorted by contact,
 * on the stored key) and only its companies' contacts are looked up afterwards.
 */
export async function listClients(
  ctx: ServiceContext,
  query: z.output<typeof ZListClientsQuery>,
): Promise<TListClientsResponse> {
  const { db, now } = ctx;
  const { page, pageSize, ...view } = query;
  const bindings = bindingsOf(view, now);
  const rows = await pageStatement(db, view).execute({ ...bindings, limit: pageSize, offset: (page - 1) * pageSize });
  const ids = rows.map((row) => row.id);
  const contacts = await mainContactsOf(db, ids);
  // One grouped query for the page's companies (ADR 0035: nothing per row).
  const hours = await hoursUsedOf(db, ids, now);
  const [counted] = await countStatement(db, view).execute(bindings);
  return {
    clients: rows.map((row) => {
      const contact = contacts.get(row.id);
      const withContact = contact ? { ...row, contactName: contact.name, contactEmail: contact.email } : row;
      return toClientRowWith(withContact, hours.get(row.id) ?? null);
    }),
    total: counted?.total ?? 0,
    page,
    pageSize,
    refreshedAt: counted?.refreshedAt?.toISOString() ?? null,
  };
}
