import { eq } from "drizzle-orm";
import { VIEW_AS_MINUTES } from "../../../shared/view-as";
import { requireCompany } from "../../context/company-scope";
import { session } from "../../db/schema/auth";
import { audit } from "../audit";
import type { TViewingAs } from "../../../shared/view-as";
import type { ActorContext } from "../../context/service-context";

const clock = (date: Date) => date.toISOString().slice(11, 16);

/**
 * Staff start viewing a client company's portal as its client, on their own session only,
 * for an hour: the session's view and the audit entry are written together.
 */
export async function startViewAs(
  ctx: ActorContext,
  input: { sessionId: string; companyId: string },
): Promise<TViewingAs> {
  return ctx.transaction(async (tx) => {
    const target = await requireCompany(tx.db, input.companyId);
    const until = new Date(tx.now.getTime() + VIEW_AS_MINUTES * 60_000);
    await tx.db
      .update(session)
      .set({ viewingCompanyId: target.id, viewingUntil: until })
      .where(eq(session.id, input.sessionId));
    await audit(tx, {
      action: "company.viewed_as_client",
      companyId: target.id,
      objectType: "company",
      objectId: target.id,
      summary: `Started viewing ${target.name} as its client, read only, until ${clock(until)} UTC`,
      after: { until: until.toISOString() },
    });
    return { companyId: target.id, companyName: target.name, until: until.toISOString() };
  });
}
