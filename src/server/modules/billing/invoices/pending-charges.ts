import { pendingCharge } from "../../../db/schema/billing";
import type { ChargeKind } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";

/**
 * Puts a charge on the company's next invoice, in the caller's transaction (pass its context):
 * the setup fee of an approved automation-plan proposal (`source: "proposal:<id>"`), a proration,
 * a one-off. The amount is in minor units of the company's currency.
 */
export async function addPendingCharge(
  { db }: Pick<ServiceContext, "db">,
  input: { companyId: string; description: string; amountMinor: number; source: string; kind?: ChargeKind },
) {
  if (!Number.isInteger(input.amountMinor)) throw new Error("a pending charge's amount must be whole minor units");
  const [row] = await db
    .insert(pendingCharge)
    .values({ kind: input.kind ?? "setup_fee", ...input })
    .returning({ id: pendingCharge.id });
  return row!;
}
