import { eq } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { companyStatusOf } from "../../db/company-status";
import { company } from "../../db/schema/companies";
import { audit } from "../audit";
import type { TClientCompany, TUpdateClientCompanyRequest } from "../../../shared/client-detail";
import type { ActorContext } from "../../context/service-context";

/**
 * Staff rename a client company. The change and its audit entry (with the name before and after)
 * are written together; a request that changes nothing writes nothing. Its status is not theirs
 * to set: it follows its subscription, invoices and automations (ADR 0031).
 */
export async function updateClientCompany(
  ctx: ActorContext,
  input: { companyId: string } & Pick<TUpdateClientCompanyRequest, "name">,
): Promise<{ company: TClientCompany }> {
  const { companyId, name } = input;
  return ctx.transaction(async (tx) => {
    const current = await lockClientCompany(tx.db, companyId);
    let row = current;
    if (name !== undefined && name !== current.name) {
      [row = current] = await tx.db
        .update(company)
        .set({ name, updatedAt: tx.now })
        .where(eq(company.id, companyId))
        .returning();
      await audit(tx, {
        action: "company.renamed",
        companyId,
        objectType: "company",
        objectId: companyId,
        summary: `Renamed ${current.name} to ${name}`,
        before: { name: current.name },
        after: { name },
      });
    }
    return {
      company: {
        id: row.id,
        name: row.name,
        status: (await companyStatusOf(tx.db, companyId, tx.now)) ?? "trial",
        currency: row.currency,
        hourlyValueMinor: row.hourlyValueMinor,
        createdAt: row.createdAt.toISOString(),
      },
    };
  });
}
