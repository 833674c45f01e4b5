import { eq, sql, type SQL } from "drizzle-orm";
import { automation } from "./schema/automations";
import { invoice, subscription } from "./schema/billing";
import { company, companyStanding } from "./schema/companies";
import type { Database } from "./client";
import type { CompanyStatus } from "../../shared/clients";

/**
 * A client company's status, derived in SQL from its books and its work at `now` (ADR 0031), so
 * that the agency dashboard, the clients table, a client's page and MRR read one rule:
 *
 * 1. churned: its subscription was canceled;
 * 2. past due: its subscription is past due, or one of its invoices is open past its due date;
 * 3. paused: the agency paused its work (it has paused automations and none building or live);
 * 4. active: its subscription is active;
 * 5. trial: its subscription is a trial, or it was never put on a plan.
 *
 * One correlated subquery on `company.id`: any query over `company` can select, filter, group
 * or sort by it, whatever else it joins. Inside it, the subscription is read once and the
 * automations' states in one pass over the (company_id, status) index: a correlated EXISTS per
 * state let the planner hash the whole automation table even for a page of 25 (ADR 0035).
 */
export function companyStatusAt(now: Date): SQL<CompanyStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const a = automation;
  // Nested in a fragment of its own: a single-table select strips the table from top-level columns only.
  const status = sql`(select ${statusRule({
    subscriptionStatus: sql`books.subscription_status`,
    overdue: sql`books.overdue`,
    paused: sql`work.paused`,
    working: sql`work.working`,
  })} from (select
      (select ${subscription.status} from ${subscription} where ${subscription.companyId} = ${company.id}) as subscription_status,
      exists (select 1 from ${invoice} where ${invoice.companyId} = ${company.id} and ${invoice.status} = 'open' and ${invoice.dueAt} < ${at}) as overdue
    ) books, (select
      coalesce(bool_or(${a.status} = 'paused'), false) as paused,
      coalesce(bool_or(${a.status} in ('building', 'live')), false) as working
    from ${a} where ${a.companyId} = ${company.id}) work)`;
  return sql<CompanyStatus>`${status}`;
}

/** The rule of ADR 0031 over its four facts, wherever they are read from. */
function statusRule(facts: { subscriptionStatus: SQL; overdue: SQL; paused: SQL; working: SQL }) {
  return sql`case
    when ${facts.subscriptionStatus} = 'canceled' then 'churned'
    when ${facts.subscriptionStatus} = 'past_due' or ${facts.overdue} then 'past_due'
    when ${facts.paused} and not ${facts.working} then 'paused'
    when ${facts.subscriptionStatus} = 'active' then 'active'
    else 'trial'
  end`;
}

/**
 * The same status read from `company_standing` (joined by the caller): the facts the triggers of
 * migration 0029 keep in the transaction of every write, with "overdue" decided at `now`. No
 * subquery per company, so sorting or filtering 10,000 companies by it reads one narrow table
 * (ADR 0035); `company-standing.test.ts` checks it equals `companyStatusAt` after every kind of write.
 */
export function storedCompanyStatusAt(now: Date | SQL): SQL<CompanyStatus> {
  const f = companyStanding;
  // A value, or an SQL fragment such as a placeholder bound later (a statement built once).
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<CompanyStatus>`(${statusRule({
    subscriptionStatus: sql`${f.subscriptionStatus}`,
    overdue: sql`coalesce(${f.openInvoiceDueAt} < ${at}::timestamptz, false)`,
    paused: sql`${f.automationsPaused} > 0`,
    working: sql`${f.automationsWorking} > 0`,
  })})`;
}

/** One company's status at `now`; null when there is no such company. */
export async function companyStatusOf(db: Database, companyId: string, now: Date): Promise<CompanyStatus | null> {
  const [row] = await db
    .select({ status: companyStatusAt(now) })
    .from(company)
    .where(eq(company.id, companyId));
  return row?.status ?? null;
}
