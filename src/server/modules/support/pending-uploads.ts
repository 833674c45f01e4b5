import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { UNSENT_UPLOAD_HOURS } from "../../../shared/support";
import { ticketAttachment } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const NO_UPLOAD =
  "One of the files is not among your uploads waiting to be sent (they are kept for 24 hours). Attach it again.";

/** The uploads a message may take: the caller's own, complete, not yet sent, and of the ticket's company (or staff's). */
export interface PendingUploads {
  ids: string[];
  uploaderId: string;
  /** The ticket's company. */
  companyId: string;
}

const takeable = ({ ids, uploaderId, companyId }: PendingUploads) =>
  and(
    inArray(ticketAttachment.id, ids),
    isNull(ticketAttachment.messageId),
    isNotNull(ticketAttachment.sha256),
    eq(ticketAttachment.uploadedBy, uploaderId),
    or(eq(ticketAttachment.companyId, companyId), isNull(ticketAttachment.companyId)),
  );

/**
 * The uploads named, in the order they were uploaded; 404 when any is someone else's, another
 * company's, already sent, swept or unknown (which of these is not told). `lock` holds them until
 * the transaction ends, so that two messages cannot both take one.
 */
export async function findPendingUploads(
  db: Pick<Database, "select">,
  pending: PendingUploads,
  options: { lock?: boolean } = {},
) {
  const ids = [...new Set(pending.ids)];
  if (!ids.length) return [];
  const query = db
    .select({ id: ticketAttachment.id, sizeBytes: ticketAttachment.sizeBytes, companyId: ticketAttachment.companyId })
    .from(ticketAttachment)
    .where(takeable({ ...pending, ids }))
    .orderBy(asc(ticketAttachment.createdAt), asc(ticketAttachment.id));
  const rows = options.lock ? await query.for("update") : await query;
  if (rows.length !== ids.length) throw notFound(NO_UPLOAD);
  return rows;
}

export const sumBytes = (rows: { sizeBytes: number }[]) => rows.reduce((sum, row) => sum + row.sizeBytes, 0);

/** The bytes these uploads add to the company's stored files (its members' uploads are counted already). */
export const uncountedBytes = (rows: { sizeBytes: number; companyId: string | null }[]) =>
  rows.reduce((sum, row) => sum + (row.companyId ? 0 : row.sizeBytes), 0);

/** Inside the message's transaction, after findPendingUploads with `lock`: the uploads become its files. */
export async function takeUploads(
  tx: Pick<Database, "update">,
  ids: string[],
  target: { ticketId: string; messageId: string; companyId: string },
) {
  if (!ids.length) return;
  await tx.update(ticketAttachment).set(target).where(inArray(ticketAttachment.id, ids));
}

/**
 * Removes the uploads no message took within UNSENT_UPLOAD_HOURS (and those whose bytes never all
 * came): their rows (and chunks), then their files. Each instance deletes distinct rows.
 */
export async function sweepUnsentUploads(ctx: ServiceContext) {
  const cutoff = new Date(ctx.now.getTime() - UNSENT_UPLOAD_HOURS * 3_600_000);
  const removed = await ctx.db
    .delete(ticketAttachment)
    .where(and(isNull(ticketAttachment.messageId), lt(ticketAttachment.createdAt, cutoff)))
    .returning({ id: ticketAttachment.id });
  const ids = removed.map((row) => row.id);
  if (ids.length) await ctx.app.attachments.discard(ids);
  return ids.length;
}
