import { auditLog } from "../../db/schema/audit";
import type { Database } from "../../db/client";

/** Who made a change: a signed-in person and the address they called from. */
export type AuditActor = { id: string; email: string; ip: string | null };

export type AuditChange = {
  /** `object.verb`, e.g. `company.status_changed`. */
  action: string;
  companyId?: string | null;
  objectType: string;
  objectId?: string | null;
  /** One sentence a person reads in the log. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Appends an entry to the audit log. Pass the transaction that makes the change, so that the
 * change and its entry are written together or not at all.
 */
export async function recordAudit(tx: Pick<Database, "insert">, actor: AuditActor, change: AuditChange) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorIp: actor.ip,
    action: change.action,
    companyId: change.companyId ?? null,
    objectType: change.objectType,
    objectId: change.objectId ?? null,
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
