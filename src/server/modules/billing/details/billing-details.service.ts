import { eq } from "drizzle-orm";
import { lockClientCompany } from "../../../context/company-scope";
import { billingProfile } from "../../../db/schema/billing";
import { audit } from "../../audit";
import type { TBillingDetails, TLegalParty } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

/** A company's legal details for its invoices, or null when nobody has filled them in. */
export async function billingDetailsOf(
  db: Pick<Database, "select">,
  companyId: string,
): Promise<TBillingDetails | null> {
  const [row] = await db.select().from(billingProfile).where(eq(billingProfile.companyId, companyId));
  if (!row) return null;
  return {
    legalName: row.legalName,
    address: row.address,
    vatNumber: row.vatNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The company as an invoice names it: its legal details, copied onto the invoice when finalized. */
export const payerOf = (details: TBillingDetails | null): TLegalParty | null =>
  details
    ? { legalName: details.legalName, address: details.address, vatNumber: details.vatNumber, companyNumber: null }
    : null;

/**
 * The owner or staff save a company's legal details; invoices finalized from now on carry them
 * (issued ones keep what they were issued with). Audited in the same transaction.
 */
export async function saveBillingDetails(
  ctx: ActorContext,
  input: { companyId: string; legalName: string; address: string; vatNumber?: string | undefined },
): Promise<{ details: TBillingDetails }> {
  const { companyId, now } = { ...input, now: ctx.now };
  return ctx.transaction(async (ttx) => {
    const client = await lockClientCompany(ttx.db, companyId);
    const before = await billingDetailsOf(ttx.db, companyId);
    const values = {
      companyId,
      legalName: input.legalName,
      address: input.address.replace(/\r\n?/g, "\n"),
      vatNumber: input.vatNumber ?? null,
      updatedAt: now,
    };
    await ttx.db
      .insert(billingProfile)
      .values(values)
      .onConflictDoUpdate({ target: billingProfile.companyId, set: values });
    const facts = (d: { legalName: string; address: string; vatNumber: string | null } | null) =>
      d ? { legalName: d.legalName, address: d.address, vatNumber: d.vatNumber } : {};
    await audit(ttx, {
      action: "billing_details.saved",
      companyId,
      objectType: "company",
      objectId: companyId,
      summary: `Saved the legal details on ${client.name}'s invoices`,
      before: facts(before),
      after: facts(values),
    });
    return { details: (await billingDetailsOf(ttx.db, companyId))! };
  });
}
