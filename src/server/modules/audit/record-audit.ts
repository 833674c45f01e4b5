import { auditLog } from "../../db/schema/audit";
import type { ActorContext } from "../../context/service-context";

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

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of a change that did change: a field whose value before and after are equal is
 * left out of both sides (it would read "Weekly digest yes → yes"). Null when nothing changed.
 */
function changedFields(change: AuditChange): Pick<AuditChange, "before" | "after"> | null {
  const { before = null, after = null } = change;
  if (!before || !after) return { before, after };
  const unchanged = Object.keys(before).filter((key) => key in after && sameValue(before[key], after[key]));
  const without = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([key]) => !unchanged.includes(key)));
  const kept = { before: without(before), after: without(after) };
  const hadFields = Object.keys(before).length + Object.keys(after).length > 0;
  if (hadFields && Object.keys(kept.before).length + Object.keys(kept.after).length === 0) return null;
  return kept;
}

/**
 * Appends an entry to the audit log. Pass the transaction that makes the change, so that the
 * change and its entry are written together or not at all. An entry whose values before and
 * after are all equal records no change, and is not written.
 */
export async function audit(ctx: Pick<ActorContext, "db" | "actor">, change: AuditChange) {
  const { db: tx, actor } = ctx;
  const values = changedFields(change);
  if (!values) return;
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorIp: actor.ip,
    action: change.action,
    companyId: change.companyId ?? null,
    objectType: change.objectType,
    objectId: change.objectId ?? null,
    summary: change.summary,
    before: values.before,
    after: values.after,
  });
}
