import { pendingCharge } from "../../../db/schema/billing";
import type { ChargeKind } from "../../../../shared/billing";
import type { Database } from "../../../db/client";

/**
 * Puts a charge on the company's next invoice, in the caller's transaction: the setup fee of an
 * approved automation-plan proposal (`source: "proposal:<id>"`), a proration, a one-off.
 * The amount is in minor units of the company's currency.
 */
export async function addPendingCharge(
  tx: Pick<Database, "insert">,
  companyId: string,
  charge: { description: string; amountMinor: number; source: string; kind?: ChargeKind },
) {
  if (!Number.isInteger(charge.amountMinor)) throw new Error("a pending charge's amount must be whole minor units");
  const [row] = await tx
    .insert(pendingCharge)
    .values({ companyId, kind: charge.kind ?? "setup_fee", ...charge })
    .returning({ id: pendingCharge.id });
  return row!;
}
