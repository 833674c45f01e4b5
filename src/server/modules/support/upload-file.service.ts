import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { MAX_FILE_BYTES } from "../../../shared/support";
import { ticketAttachment } from "../../db/schema/support";
import { AppError, notFound } from "../../lib/app-error";
import { typeSniffer } from "./attachment-types";
import { checkStorageQuota } from "./storage-quota";
import type { StagedWriter } from "./attachment-store";
import type { TUploadFileResponse } from "../../../shared/support";
import type { ActorContext } from "../../context/service-context";

export interface FileUpload {
  fileName: string;
  /** The body's Content-Length, when the client declared one. */
  declaredBytes: number | null;
  body: ReadableStream<Uint8Array>;
}

const tooLarge = (fileName: string) =>
  new AppError("PAYLOAD_TOO_LARGE", `${fileName} is larger than 5 MB.`, { reason: "file-size" });

/** A body the client stopped sending (closed the connection) is a refusal, not a failure of ours. */
const cutOffAs = <T>(reading: Promise<T>) =>
  reading.catch(() => {
    throw new AppError("VALIDATION", "The upload stopped before the whole file arrived. Please try again.");
  });

/**
 * Stores one file sent as its own bytes (ADR 0022, "streamed uploads"): read as it arrives, typed,
 * hashed and written a piece at a time, never held whole. Its row (without ticket or message) is
 * written first, so that chunks can refer to it and a stopped upload is swept; it is finished, with
 * its size, type and hash, once the quota (the company's row held) has room. On any refusal or
 * failure nothing of it is left. A message then takes it by its id (pending-uploads.ts).
 */
export async function uploadFile(ctx: ActorContext, input: FileUpload): Promise<TUploadFileResponse> {
  const { db, scope, actor } = ctx;
  const store = ctx.app.attachments;
  const { fileName, declaredBytes, body } = input;
  // Staff files count against the company of the ticket they are sent to, when they are sent.
  const companyId = scope.all ? null : scope.companyId;
  if (!scope.all && !companyId) throw notFound("Files are uploaded by the members of a client company.");
  if (declaredBytes !== null && declaredBytes > MAX_FILE_BYTES) throw tooLarge(fileName);
  const quotaMb = ctx.app.config.ATTACHMENT_QUOTA_MB;
  if (companyId && declaredBytes) await checkStorageQuota(db, companyId, declaredBytes, quotaMb);

  const [row] = await db
    .insert(ticketAttachment)
    .values({
      companyId,
      uploadedBy: actor.id,
      fileName,
      contentType: "application/octet-stream",
      sizeBytes: 0,
      storedIn: store.storedIn,
      createdAt: ctx.now,
    })
    .returning({ id: ticketAttachment.id });
  const id = row!.id;
  let writer: StagedWriter | undefined;
  try {
    writer = await store.upload(db, id);
    const sniffer = typeSniffer();
    const hash = createHash("sha256");
    let size = 0;
    const reader = body.getReader();
    try {
      for (let read = await cutOffAs(reader.read()); !read.done; read = await cutOffAs(reader.read())) {
        const bytes = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
        size += bytes.length;
        if (size > MAX_FILE_BYTES) throw tooLarge(fileName);
        sniffer.push(bytes);
        hash.update(bytes);
        await writer.write(bytes);
      }
    } finally {
      reader.releaseLock();
    }
    await writer.close();
    writer = undefined;
    const contentType = sniffer.result();
    if (!contentType) {
      throw new AppError("VALIDATION", `${fileName} is not an image, a PDF or a text file.`, {
        fields: { file: size ? "Only images, PDF and text files" : "The file is empty" },
      });
    }
    const sha256 = hash.digest("hex");
    await ctx.transaction(async (tx) => {
      if (companyId) await checkStorageQuota(tx.db, companyId, size, quotaMb, { lock: true });
      await tx.db
        .update(ticketAttachment)
        .set({ sizeBytes: size, contentType, sha256 })
        .where(eq(ticketAttachment.id, id));
    });
    await store.commit([id]);
    return { id, fileName, contentType, sizeBytes: size };
  } catch (error) {
    await writer?.close().catch(() => {});
    await body.cancel().catch(() => {});
    // Chunks go with the row; if the database is away now, the sweep of unsent uploads removes both later.
    await db
      .delete(ticketAttachment)
      .where(eq(ticketAttachment.id, id))
      .catch(() => {});
    await store.discard([id]);
    throw error;
  }
}
