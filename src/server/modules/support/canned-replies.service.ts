import { asc, eq } from "drizzle-orm";
import { cannedReply } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import { audit } from "../audit";
import type { ActorContext, ServiceContext } from "../../context/service-context";

const shape = { id: cannedReply.id, title: cannedReply.title, body: cannedReply.body };

/** The answers the team saved, by title. */
export const listCannedReplies = ({ db }: ServiceContext) =>
  db.select(shape).from(cannedReply).orderBy(asc(cannedReply.title));

export async function saveCannedReply(ctx: ActorContext, input: { title: string; body: string }) {
  return ctx.transaction(async (tx) => {
    const [saved] = await tx.db
      .insert(cannedReply)
      .values({ ...input, createdBy: tx.actor.id })
      .returning(shape);
    await audit(tx, {
      action: "canned_reply.created",
      objectType: "canned_reply",
      objectId: saved!.id,
      summary: `Saved the canned reply “${input.title}”`,
    });
    return saved!;
  });
}

export async function deleteCannedReply(ctx: ActorContext, input: { id: string }) {
  const { id } = input;
  return ctx.transaction(async (tx) => {
    const [gone] = await tx.db.delete(cannedReply).where(eq(cannedReply.id, id)).returning(shape);
    if (!gone) throw notFound("There is no such canned reply.");
    await audit(tx, {
      action: "canned_reply.deleted",
      objectType: "canned_reply",
      objectId: id,
      summary: `Deleted the canned reply “${gone.title}”`,
    });
    return gone;
  });
}
