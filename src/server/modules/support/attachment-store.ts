import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { ticketAttachment, ticketAttachmentChunk } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import type { Database } from "../../db/client";

/** Where a file's bytes are written while they are received, before the database knows of the file. */
export interface StagedWriter {
  write: (bytes: Buffer) => Promise<void>;
  close: () => Promise<void>;
}

/** A file received and checked, ready to be recorded; `slices` reads its bytes again, slice by slice. */
export interface ReceivedFile {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  slices: () => Iterable<Buffer>;
}

/**
 * Where the bytes of ticket attachments live (ADR 0022): files under the data folder on the embedded
 * database, chunks of at most 192 KB in ticket_attachment_chunk on PostgreSQL. Either way the bytes
 * are written a slice at a time, never on one long turn of the event loop, and a failed request
 * leaves nothing behind: staged files are discarded, chunks are rolled back with the transaction.
 */
export interface AttachmentStore {
  storedIn: "file" | "chunks";
  /** The folder of a file store. */
  folder?: string;
  /** Opens the staging writer of a file (null: the bytes are written inside the transaction). */
  stage: (id: string) => Promise<StagedWriter | null>;
  /**
   * Opens the writer of an uploaded file, whose row exists already: its bytes are stored as they
   * come, outside any transaction (a staged file, or chunk rows); `commit` or `discard` follows.
   */
  upload: (db: Database, id: string) => Promise<StagedWriter>;
  /** Inside the transaction that inserted the file's row. */
  persist: (tx: Database, file: ReceivedFile) => Promise<void>;
  /** After the commit: the staged files become stored ones. */
  commit: (ids: string[]) => Promise<void>;
  /** After a failure: nothing of these files is left. */
  discard: (ids: string[]) => Promise<void>;
  /** The bytes of a stored file, streamed. */
  open: (db: Database, id: string) => Promise<ReadableStream<Uint8Array>>;
  /** At start: finishes the commits a crash interrupted and removes what no row refers to. */
  sweep: (db: Database) => Promise<{ kept: number; removed: number }>;
  close: () => Promise<void>;
}

const PART = ".part";
/** The size of a chunk row an upload writes (those of a message follow the 192 KB slices they were decoded in). */
const CHUNK_BYTES = 192 * 1024;

/** Files under `dir`, one per attachment, in 256 folders by the first two characters of the id. */
export function fileAttachmentStore(dir: string, options: { removeOnClose?: boolean } = {}): AttachmentStore {
  const finalPath = (id: string) => path.join(dir, id.slice(0, 2), id);
  const partPath = (id: string) => finalPath(id) + PART;
  const stage = async (id: string): Promise<StagedWriter> => {
    await fsp.mkdir(path.dirname(finalPath(id)), { recursive: true });
    const handle = await fsp.open(partPath(id), "wx", 0o600);
    return {
      write: async (bytes) => void (await handle.write(bytes)),
      close: async () => {
        await handle.sync();
        await handle.close();
      },
    };
  };
  return {
    storedIn: "file",
    folder: dir,
    stage,
    upload: (_db, id) => stage(id),
    persist: async () => {},
    commit: async (ids) => {
      for (const id of ids) await fsp.rename(partPath(id), finalPath(id));
    },
    discard: async (ids) => {
      for (const id of ids) {
        await fsp.rm(partPath(id), { force: true });
        await fsp.rm(finalPath(id), { force: true });
      }
    },
    open: async (_db, id) => {
      // Committed but not yet renamed (the rename follows the commit): the staged file is the stored one.
      const file = [finalPath(id), partPath(id)].find((candidate) => fs.existsSync(candidate));
      if (!file) throw notFound("This file is no longer stored.");
      return Readable.toWeb(fs.createReadStream(file, { highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>;
    },
    sweep: (db) => sweepFiles(db, dir, { finalPath, partPath }),
    close: async () => {
      if (options.removeOnClose) await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * At start: files whose row was committed but not renamed are renamed; files no stored row refers
 * to (a request that failed before its rollback was heard of, an unfinished upload) are removed.
 */
async function sweepFiles(
  db: Database,
  dir: string,
  { finalPath, partPath }: { finalPath: (id: string) => string; partPath: (id: string) => string },
) {
  const found: { id: string; part: boolean }[] = [];
  const folders = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const folder of folders) {
    for (const name of await fsp.readdir(path.join(dir, folder)).catch(() => [] as string[])) {
      found.push({ id: name.replace(PART, ""), part: name.endsWith(PART) });
    }
  }
  let kept = 0;
  let removed = 0;
  for (let i = 0; i < found.length; i += 500) {
    const batch = found.slice(i, i + 500);
    const ids = batch.map((file) => file.id).filter((id) => /^[0-9a-f-]{36}$/.test(id));
    // An upload whose bytes never all came (no sha256 yet) is not kept: its row goes with the unsent ones.
    const rows = ids.length
      ? await db
          .select({ id: ticketAttachment.id })
          .from(ticketAttachment)
          .where(
            and(
              inArray(ticketAttachment.id, ids),
              eq(ticketAttachment.storedIn, "file"),
              or(isNotNull(ticketAttachment.messageId), isNotNull(ticketAttachment.sha256)),
            ),
          )
      : [];
    const known = new Set(rows.map((row) => row.id));
    for (const file of batch) {
      const name = file.part ? partPath(file.id) : finalPath(file.id);
      if (!known.has(file.id)) {
        // A request that failed before its rollback was heard of, or a ticket deleted with its company.
        await fsp.rm(name, { force: true });
        removed++;
      } else {
        // The row was committed and the process stopped before the rename.
        if (file.part) await fsp.rename(name, finalPath(file.id));
        kept++;
      }
    }
  }
  return { kept, removed };
}

/**
 * Chunks in the database: every server instance on the same PostgreSQL reads what any other wrote,
 * backups hold them, and they are written in the request's transaction (a failure rolls them back).
 */
export function chunkAttachmentStore(): AttachmentStore {
  return {
    storedIn: "chunks",
    stage: async () => null,
    upload: async (db, id) => {
      // Slices of 192 KB, each its own statement: no transaction is held while the client sends.
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insert(ticketAttachmentChunk).values({ attachmentId: id, seq: seq++, bytes });
      };
      return {
        write: async (bytes) => {
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        },
        close: flush,
      };
    },
    persist: async (tx, file) => {
      let seq = 0;
      for (const bytes of file.slices()) {
        await tx.insert(ticketAttachmentChunk).values({ attachmentId: file.id, seq: seq++, bytes });
      }
    },
    commit: async () => {},
    discard: async () => {},
    open: async (db, id) => {
      let seq = 0;
      return new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          const [chunk] = await db
            .select({ bytes: ticketAttachmentChunk.bytes })
            .from(ticketAttachmentChunk)
            .where(and(eq(ticketAttachmentChunk.attachmentId, id), eq(ticketAttachmentChunk.seq, seq++)));
          if (chunk) controller.enqueue(new Uint8Array(chunk.bytes));
          else controller.close();
        },
      });
    },
    sweep: async () => ({ kept: 0, removed: 0 }),
    close: async () => {},
  };
}
