import { eq } from "drizzle-orm";
import { VIEW_AS_MINUTES } from "../../../shared/view-as";
import { requireCompany } from "../../context/company-scope";
import { session } from "../../db/schema/auth";
import { recordAudit, type AuditActor } from "../audit";
import type { TViewingAs } from "../../../shared/view-as";
import type { Database } from "../../db/client";

const clock = (date: Date) => date.toISOString().slice(11, 16);

/**
 * Staff start viewing a client company's portal as its client, on their own session only,
 * for an hour: the session's view and the audit entry are written together.
 */
export async function startViewAs(
  db: Database,
  actor: AuditActor,
  input: { sessionId: string; companyId: string },
  now = new Date(),
): Promise<TViewingAs> {
  return db.transaction(async (tx) => {
    const target = await requireCompany(tx, input.companyId);
    const until = new Date(now.getTime() + VIEW_AS_MINUTES * 60_000);
    await tx
      .update(session)
      .set({ viewingCompanyId: target.id, viewingUntil: until })
      .where(eq(session.id, input.sessionId));
    await recordAudit(tx, actor, {
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
