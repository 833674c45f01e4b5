import { eq } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { company } from "../../db/schema/companies";
import { audit } from "../audit";
import type { TClientCompany, TUpdateClientCompanyRequest } from "../../../shared/client-detail";
import type { ActorContext } from "../../context/service-context";

type Change = Pick<TUpdateClientCompanyRequest, "name" | "status">;

/** Which audit action and sentence a change of name and/or status reads as. */
function describe(from: { name: string; status: string }, to: { name: string; status: string }) {
  const renamed = from.name !== to.name;
  const restatused = from.status !== to.status;
  if (renamed && restatused)
    return {
      action: "company.updated",
      summary: `Renamed ${from.name} to ${to.name} and changed its status from ${from.status} to ${to.status}`,
    };
  if (renamed) return { action: "company.renamed", summary: `Renamed ${from.name} to ${to.name}` };
  return {
    action: "company.status_changed",
    summary: `Changed the status of ${from.name} from ${from.status} to ${to.status}`,
  };
}

/**
 * Staff rename a client company or change its status. The change and its audit entry (with the
 * values before and after) are written together; a request that changes nothing writes nothing.
 */
export async function updateClientCompany(
  ctx: ActorContext,
  input: { companyId: string } & Change,
): Promise<{ company: TClientCompany }> {
  const { companyId, ...change } = input;
  return ctx.transaction(async (tx) => {
    const current = await lockClientCompany(tx.db, companyId);
    const next = { name: change.name ?? current.name, status: change.status ?? current.status };
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const key of ["name", "status"] as const) {
      if (current[key] === next[key]) continue;
      before[key] = current[key];
      after[key] = next[key];
    }
    let row = current;
    if (Object.keys(after).length > 0) {
      [row = current] = await tx.db
        .update(company)
        .set({ ...next, updatedAt: tx.now })
        .where(eq(company.id, companyId))
        .returning();
      await audit(tx, {
        ...describe(current, next),
        companyId,
        objectType: "company",
        objectId: companyId,
        before,
        after,
      });
    }
    return {
      company: {
        id: row.id,
        name: row.name,
        status: row.status,
        currency: row.currency,
        hourlyValueMinor: row.hourlyValueMinor,
        createdAt: row.createdAt.toISOString(),
      },
    };
  });
}
