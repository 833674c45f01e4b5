import { and, eq, inArray } from "drizzle-orm";
import { automation, automationRun } from "../../db/schema/automations";
import { companyMember } from "../../db/schema/companies";
import { ticket, ticketWatcher } from "../../db/schema/support";
import { AppError, notFound } from "../../lib/app-error";
import { emitTicketEvent } from "../channels";
import { appendMessage } from "./append-message";
import { findPendingUploads, sumBytes, uncountedBytes } from "./pending-uploads";
import { checkSizes, withReceivedFiles } from "./receive-files";
import { checkStorageQuota } from "./storage-quota";
import type { ReceivedFile } from "./attachment-store";
import type { TTicketCategory, TTicketPriority } from "../../../shared/support-labels";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const NO_COMPANY = "Tickets are opened by the members of a client company.";

export interface TicketDraft {
  subject: string;
  category: TTicketCategory;
  priority: TTicketPriority;
  message: string;
  automationId?: string | null;
  runId?: string | null;
  watcherIds: string[];
  attachments: { fileName: string; contentBase64: string }[];
  /** Files uploaded first (POST /api/tickets/uploads). */
  uploadIds?: string[];
}

/** The automation and run a ticket is about, checked against the company; the run is snapshotted now. */
async function linkedRun(
  db: Pick<Database, "select">,
  companyId: string,
  automationId?: string | null,
  runId?: string | null,
) {
  if (!automationId) {
    if (runId)
      throw new AppError("VALIDATION", "Pick the automation of the run first.", {
        fields: { automationId: "Required" },
      });
    return { automationId: null, runId: null, runSnapshot: null };
  }
  const [owned] = await db
    .select({ id: automation.id })
    .from(automation)
    .where(and(eq(automation.id, automationId), eq(automation.companyId, companyId)));
  if (!owned) throw notFound("There is no such automation in your company.");
  if (!runId) return { automationId, runId: null, runSnapshot: null };
  const [run] = await db
    .select({
      status: automationRun.status,
      startedAt: automationRun.startedAt,
      errorMessage: automationRun.errorMessage,
    })
    .from(automationRun)
    .where(and(eq(automationRun.id, runId), eq(automationRun.automationId, automationId)));
  if (!run) throw notFound("There is no such run of that automation.");
  return { automationId, runId, runSnapshot: { ...run, startedAt: run.startedAt.toISOString() } };
}

/** A client opens a ticket: its first message, its files and watchers; the agency is told. */
export async function createTicket(ctx: ActorContext, input: TicketDraft) {
  const { db, scope, actor, now } = ctx;
  if (scope.all || !scope.companyId) throw notFound(NO_COMPANY);
  const companyId = scope.companyId;
  const link = await linkedRun(db, companyId, input.automationId, input.runId);
  // Refused from the sizes alone, before a byte is decoded or written.
  const uploadIds = input.uploadIds ?? [];
  const uploaded = await findPendingUploads(db, { ids: uploadIds, uploaderId: actor.id, companyId });
  const encodedBytes = checkSizes(input.attachments, sumBytes(uploaded));
  await checkStorageQuota(db, companyId, encodedBytes + uncountedBytes(uploaded), ctx.app.config.ATTACHMENT_QUOTA_MB);
  const watcherIds = [...new Set(input.watcherIds)].filter((id) => id !== actor.id);
  if (watcherIds.length) {
    const members = await db
      .select({ id: companyMember.userId })
      .from(companyMember)
      .where(and(eq(companyMember.companyId, companyId), inArray(companyMember.userId, watcherIds)));
    if (members.length !== watcherIds.length) {
      throw new AppError("VALIDATION", "Watchers must be members of your company.", {
        fields: { watcherIds: "Pick members of your company" },
      });
    }
  }
  const uploads = input.attachments;
  const record = (files: ReceivedFile[]) =>
    ctx.transaction(async (tx) => {
      const [row] = await tx.db
        .insert(ticket)
        .values({
          companyId,
          openedBy: actor.id,
          subject: input.subject,
          category: input.category,
          priority: input.priority,
          ...link,
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (watcherIds.length)
        await tx.db.insert(ticketWatcher).values(watcherIds.map((userId) => ({ ticketId: row!.id, userId })));
      const message = {
        authorId: actor.id,
        side: "client",
        kind: "public",
        via: "portal",
        body: input.message,
        files,
        uploadIds,
      } as const;
      await appendMessage(tx, row!, message);
      await emitTicketEvent(tx, { type: "ticket.created", ticket: row!, from: "client" });
      return { id: row!.id, createdAt: row!.createdAt.toISOString() };
    });
  return uploads.length ? withReceivedFiles(ctx.app.attachments, uploads, record) : record([]);
}
