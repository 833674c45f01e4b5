import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { inScope } from "../../../context/company-scope";
import { invoice } from "../../../db/schema/billing";
import type { ServiceContext } from "../../../context/service-context";

/** The company's open invoices (for the dashboard's "needs your attention"), the one due first first. */
export async function unpaidInvoices({ db, scope, now }: Pick<ServiceContext, "db" | "scope" | "now">) {
  // Staff follow every client's payments in the invoices list, not on their home screen.
  if (scope.all) return [];
  const rows = await db
    .select({
      invoiceId: invoice.id,
      number: invoice.number,
      totalMinor: invoice.totalMinor,
      currency: invoice.currency,
      dueAt: invoice.dueAt,
    })
    .from(invoice)
    .where(and(inScope(invoice.companyId, scope), eq(invoice.status, "open")))
    .orderBy(asc(invoice.dueAt), asc(invoice.id))
    .limit(5);
  return rows.map((row) => unpaidInvoice(row, now));
}

interface UnpaidRow {
  invoiceId: string;
  number: string | null;
  totalMinor: number;
  currency: string;
  dueAt: Date | null;
}

function unpaidInvoice(row: UnpaidRow, now: Date) {
  return {
    invoiceId: row.invoiceId,
    // An open invoice is finalized, so it has its number.
    number: row.number ?? "",
    totalMinor: row.totalMinor,
    currency: row.currency,
    dueAt: row.dueAt?.toISOString() ?? null,
    overdue: row.dueAt !== null && row.dueAt < now,
  };
}

/** `unpaidInvoices` of one company as one JSON value, for a statement that reads a whole screen at once. */
export function unpaidInvoicesJson(companyId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('invoiceId', u.id, 'number', u.number,
      'totalMinor', u.total_minor, 'currency', u.currency, 'dueAt', u.due_at) order by u.due_at, u.id), '[]')
    from (select ${invoice.id} as id, ${invoice.number} as number, ${invoice.totalMinor} as total_minor,
        ${invoice.currency} as currency, ${invoice.dueAt} as due_at
      from ${invoice} where ${invoice.companyId} = ${companyId} and ${invoice.status} = 'open'
      order by ${invoice.dueAt} asc, ${invoice.id} asc limit 5) u)`;
}

export function unpaidInvoicesFrom(value: unknown, now: Date) {
  return (value as (Omit<UnpaidRow, "dueAt"> & { dueAt: string | null })[]).map((row) =>
    unpaidInvoice({ ...row, dueAt: row.dueAt === null ? null : new Date(row.dueAt) }, now),
  );
}
