import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { inScope } from "../../../context/company-scope";
import { invoice } from "../../../db/schema/billing";
import type { ServiceContext } from "../../../context/service-context";

/**
 * What a company was billed from `from` up to `before`: its invoices issued then, open or paid
 * (a void invoice was cancelled and a draft was never sent), oldest first, in integer minor units.
 */
export async function invoicesIssuedBetween(
  ctx: ServiceContext,
  input: { companyId: string; from: Date; before: Date },
) {
  const rows = await ctx.db
    .select({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      totalMinor: invoice.totalMinor,
      issuedAt: invoice.issuedAt,
    })
    .from(invoice)
    .where(
      and(
        inScope(invoice.companyId, ctx.scope),
        eq(invoice.companyId, input.companyId),
        inArray(invoice.status, ["open", "paid"]),
        gte(invoice.issuedAt, input.from),
        lt(invoice.issuedAt, input.before),
      ),
    )
    .orderBy(asc(invoice.issuedAt), asc(invoice.id));
  return rows.map((row) => ({
    id: row.id,
    // A finalized invoice has its number and its issue date.
    number: row.number ?? "",
    status: row.status as "open" | "paid",
    currency: row.currency,
    totalMinor: row.totalMinor,
    issuedAt: row.issuedAt!.toISOString(),
  }));
}
