import { eq } from "drizzle-orm";
import { session } from "../../db/schema/auth";
import { company } from "../../db/schema/companies";
import { audit } from "../audit";
import type { TEndViewAsResponse } from "../../../shared/view-as";
import type { ActorContext } from "../../context/service-context";

/**
 * Ends the view of a staff session (also one whose hour has run out, which the server already
 * ignores); the audit entry is written with it. Ending when nothing is viewed changes nothing.
 */
export async function endViewAs(ctx: ActorContext, sessionId: string): Promise<TEndViewAsResponse> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .select({ companyId: session.viewingCompanyId, until: session.viewingUntil })
      .from(session)
      .where(eq(session.id, sessionId))
      .for("update");
    if (!row?.companyId) return { ended: null };
    await tx.db.update(session).set({ viewingCompanyId: null, viewingUntil: null }).where(eq(session.id, sessionId));
    const [viewed] = await tx.db.select({ name: company.name }).from(company).where(eq(company.id, row.companyId));
    const name = viewed?.name ?? "a client company that no longer exists";
    const lapsed = row.until && row.until.getTime() <= tx.now.getTime() ? " (its hour had already run out)" : "";
    await audit(tx, {
      action: "company.view_as_ended",
      companyId: row.companyId,
      objectType: "company",
      objectId: row.companyId,
      summary: `Stopped viewing ${name} as its client${lapsed}`,
      before: { until: row.until?.toISOString() ?? null },
    });
    return { ended: { companyId: row.companyId, companyName: viewed?.name ?? null } };
  });
}
