import { and, eq, gt, isNull } from "drizzle-orm";
import { planProposal } from "../../db/schema/plan";
import { addPendingCharge } from "../billing";
import type { ServiceContext } from "../../context/service-context";

/**
 * Approving a proposal hands its setup fee to billing, in the approval's transaction: a pending
 * charge that the company's next invoice picks up. The proposal is marked billed, so a fee is
 * charged once whatever happens to the item later.
 */
export async function billSetupFee(
  tx: ServiceContext,
  input: { item: { id: string; companyId: string; title: string }; version: number },
) {
  const { item, version } = input;
  const [proposal] = await tx.db
    .update(planProposal)
    .set({ setupFeeBilledAt: tx.now })
    .where(
      and(
        eq(planProposal.itemId, item.id),
        eq(planProposal.version, version),
        gt(planProposal.setupFeeMinor, 0),
        isNull(planProposal.setupFeeBilledAt),
      ),
    )
    .returning({ id: planProposal.id, setupFeeMinor: planProposal.setupFeeMinor });
  if (!proposal) return;
  await addPendingCharge(tx, {
    companyId: item.companyId,
    description: `Setup of "${item.title}" (proposal version ${version})`,
    amountMinor: proposal.setupFeeMinor,
    source: `proposal:${proposal.id}`,
  });
}
