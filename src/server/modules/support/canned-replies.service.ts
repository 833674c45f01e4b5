import { asc, eq } from "drizzle-orm";
import { cannedReply } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit";
import type { Database } from "../../db/client";

const shape = { id: cannedReply.id, title: cannedReply.title, body: cannedReply.body };

/** The answers the team saved, by title. */
export const listCannedReplies = (db: Database) => db.select(shape).from(cannedReply).orderBy(asc(cannedReply.title));

export async function saveCannedReply(db: Database, actor: AuditActor, input: { title: string; body: string }) {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(cannedReply)
      .values({ ...input, createdBy: actor.id })
      .returning(shape);
    await recordAudit(tx, actor, {
      action: "canned_reply.created",
      objectType: "canned_reply",
      objectId: saved!.id,
      summary: `Saved the canned reply “${input.title}”`,
    });
    return saved!;
  });
}

export async function deleteCannedReply(db: Database, actor: AuditActor, id: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(cannedReply).where(eq(cannedReply.id, id)).returning(shape);
    if (!gone) throw notFound("There is no such canned reply.");
    await recordAudit(tx, actor, {
      action: "canned_reply.deleted",
      objectType: "canned_reply",
      objectId: id,
      summary: `Deleted the canned reply “${gone.title}”`,
    });
    return gone;
  });
}
