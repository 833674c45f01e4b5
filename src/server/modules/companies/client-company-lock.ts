import { eq } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import type { Database, Tx } from "../../db/client";

export type { Tx };

export const NO_SUCH_COMPANY = "There is no such client company.";

/**
 * A client company by id, or the one 404 every endpoint gives. With `lock`, its row stays locked
 * for the rest of the transaction, so that two staff changing its members or settings at once
 * are applied one after the other. The lock is `FOR NO KEY UPDATE` (what an update of its
 * columns takes anyway): rows that only reference the company, such as the runs and rollup
 * rows an ingest transaction writes while holding its automations' locks, are not held up by
 * it, so a time zone change (company, then automations) and ingest never wait in a circle.
 */
export async function requireCompany(db: Database | Tx, companyId: string, { lock = false } = {}) {
  const query = db.select().from(company).where(eq(company.id, companyId));
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw notFound(NO_SUCH_COMPANY);
  return row;
}

export const lockClientCompany = (tx: Tx, companyId: string) => requireCompany(tx, companyId, { lock: true });
