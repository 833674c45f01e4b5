import { eq } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import type { Database } from "../../db/client";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const NO_SUCH_COMPANY = "There is no such client company.";

/**
 * Reads a client company and locks its row for the rest of the transaction, so that two staff
 * changing its members or settings at once are applied one after the other.
 */
export async function lockClientCompany(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(company).where(eq(company.id, companyId)).for("update");
  if (!row) throw notFound(NO_SUCH_COMPANY);
  return row;
}
