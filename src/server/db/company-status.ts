import { eq, sql, type SQL } from "drizzle-orm";
import { automation } from "./schema/automations";
import { invoice, subscription } from "./schema/billing";
import { company } from "./schema/companies";
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
 * Only correlated subqueries on `company.id`: any query over `company` can select, filter, group
 * or sort by it, whatever else it joins.
 */
export function companyStatusAt(now: Date): SQL<CompanyStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const subscriptionStatus = sql`(select ${subscription.status} from ${subscription} where ${subscription.companyId} = ${company.id})`;
  const overdue = sql`exists (select 1 from ${invoice} where ${invoice.companyId} = ${company.id} and ${invoice.status} = 'open' and ${invoice.dueAt} < ${at})`;
  const automationsIn = (states: SQL) =>
    sql`exists (select 1 from ${automation} where ${automation.companyId} = ${company.id} and ${automation.status} in ${states})`;
  return sql<CompanyStatus>`(case
    when ${subscriptionStatus} = 'canceled' then 'churned'
    when ${subscriptionStatus} = 'past_due' or ${overdue} then 'past_due'
    when ${automationsIn(sql`('paused')`)} and not ${automationsIn(sql`('building', 'live')`)} then 'paused'
    when ${subscriptionStatus} = 'active' then 'active'
    else 'trial'
  end)`;
}

/** One company's status at `now`; null when there is no such company. */
export async function companyStatusOf(db: Database, companyId: string, now: Date): Promise<CompanyStatus | null> {
  const [row] = await db
    .select({ status: companyStatusAt(now) })
    .from(company)
    .where(eq(company.id, companyId));
  return row?.status ?? null;
}
