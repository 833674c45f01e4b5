import { createHash, randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { AppError } from "../../lib/app-error";
import { MAX_FILE_BYTES, MAX_MESSAGE_FILES_BYTES, typeSniffer } from "./attachment-types";
import type { AttachmentStore, ReceivedFile, StagedWriter } from "./attachment-store";

/** A file as a request carries it: base64 text from the portal, bytes from an email. */
export type Upload = { fileName: string; contentBase64: string } | { fileName: string; content: Buffer };

/** 256 KB of base64 (a multiple of 4 characters): 192 KB of bytes, one slice of work per turn of the event loop. */
const SLICE_CHARS = 256 * 1024;
const SLICE_BYTES = (SLICE_CHARS / 4) * 3;

const decodedLength = (base64: string) => {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
};
const sizeOf = (upload: Upload) => ("content" in upload ? upload.content.length : decodedLength(upload.contentBase64));

const NOT_BASE64 = /[^A-Za-z0-9+/]/;
const LAST_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of an upload, a slice at a time (base64 is checked and decoded slice by slice, never
 * whole); null for a slice of base64 text that is not base64.
 */
function* slicesOf(upload: Upload): Generator<Buffer | null> {
  if ("content" in upload) {
    for (let at = 0; at < upload.content.length; at += SLICE_BYTES) yield upload.content.subarray(at, at + SLICE_BYTES);
    return;
  }
  const text = upload.contentBase64;
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    const slice = text.slice(at, at + SLICE_CHARS);
    const last = at + SLICE_CHARS >= text.length;
    yield (last ? LAST_BASE64.test(slice) : !NOT_BASE64.test(slice)) ? Buffer.from(slice, "base64") : null;
  }
}

/** The bytes again, for a store that writes them in the transaction (checked when they were received). */
function* bytesOf(upload: Upload): Generator<Buffer> {
  for (const bytes of slicesOf(upload)) if (bytes) yield bytes;
}

const refuse = (field: string, message: string, hint: string) =>
  new AppError("VALIDATION", message, { fields: { [field]: hint } });

const tooMuch = (field: string) =>
  refuse(field, "The files of one message may be at most 20 MB together.", "At most 20 MB per message");

/**
 * Refuses a message whose files are too large, from their sizes alone, before a byte is decoded;
 * `uploadedBytes`: the files it takes from uploads. Returns the bytes of `uploads`.
 */
export function checkSizes(uploads: Upload[], uploadedBytes = 0) {
  let total = uploadedBytes;
  uploads.forEach((upload, index) => {
    const field = `attachments.${index}`;
    const size = sizeOf(upload);
    if (size > MAX_FILE_BYTES) throw refuse(field, `${upload.fileName} is larger than 5 MB.`, "At most 5 MB");
    total += size;
    if (total > MAX_MESSAGE_FILES_BYTES) throw tooMuch(field);
  });
  if (total > MAX_MESSAGE_FILES_BYTES) throw tooMuch("uploadIds");
  return total - uploadedBytes;
}

/**
 * Receives the files of one message: each is decoded, typed from its bytes, hashed and handed to
 * the store's staging writer a slice at a time, with a turn of the event loop between slices, so
 * that other requests are answered while large files come in. Any refusal or failure discards what
 * was staged; the caller discards the returned files when its transaction fails.
 */
export async function receiveFiles(store: AttachmentStore, uploads: Upload[]): Promise<ReceivedFile[]> {
  checkSizes(uploads);
  const received: ReceivedFile[] = [];
  const staged: string[] = [];
  try {
    for (const [index, upload] of uploads.entries()) {
      const id = randomUUID();
      staged.push(id);
      const writer: StagedWriter | null = await store.stage(id);
      const sniffer = typeSniffer();
      const hash = createHash("sha256");
      let size = 0;
      try {
        for (const bytes of slicesOf(upload)) {
          if (!bytes) {
            const field = `attachments.${index}.contentBase64`;
            throw new AppError("VALIDATION", `${field}: Not base64`, { fields: { [field]: "Not base64" } });
          }
          sniffer.push(bytes);
          hash.update(bytes);
          size += bytes.length;
          await writer?.write(bytes);
          await nextTurn();
        }
      } finally {
        await writer?.close();
      }
      const contentType = sniffer.result();
      if (!contentType) {
        throw refuse(
          `attachments.${index}`,
          `${upload.fileName} is not an image, a PDF or a text file.`,
          "Only images, PDF and text files",
        );
      }
      const sha256 = hash.digest("hex");
      received.push({
        id,
        fileName: upload.fileName,
        contentType,
        sizeBytes: size,
        sha256,
        slices: () => bytesOf(upload),
      });
    }
    return received;
  } catch (error) {
    await store.discard(staged);
    throw error;
  }
}

/**
 * Runs `record` (the transaction that inserts the files' rows) between receiving the files and
 * committing them to the store; when it fails, nothing of the files is left.
 */
export async function withReceivedFiles<T>(
  store: AttachmentStore,
  uploads: Upload[],
  record: (files: ReceivedFile[]) => Promise<T>,
): Promise<T> {
  const files = await receiveFiles(store, uploads);
  const ids = files.map((file) => file.id);
  let result: T;
  try {
    result = await record(files);
  } catch (error) {
    await store.discard(ids);
    throw error;
  }
  await store.commit(ids);
  return result;
}
