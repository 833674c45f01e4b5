import { z } from "zod";
import { textField } from "./fields";

/* ---------- Files uploaded on their own, then sent with a message (ADR 0022, "streamed uploads") ---------- */

/** A file may weigh at most 5 MB, and the files of one message 20 MB together. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_MESSAGE_FILES_BYTES = 20 * 1024 * 1024;
/** An upload no message took within this many hours is removed. */
export const UNSENT_UPLOAD_HOURS = 24;

/** POST /api/tickets/uploads?fileName=…: the file's own bytes are the body. */
export const ZUploadFileQuery = z.object({
  fileName: textField.meta({ description: "The file's name, as the thread will show it." }),
});

export const ZUploadFileResponse = z.object({
  id: z.uuid().meta({ description: "Send it in `uploadIds` of a new ticket or a reply." }),
  fileName: z.string(),
  contentType: z.string().meta({ description: "Read from the bytes, never from the name or the request's type." }),
  sizeBytes: z.number().int(),
});
export type TUploadFileResponse = z.infer<typeof ZUploadFileResponse>;

/** The uploads a message takes, in the order they were uploaded. */
export const uploadIdsField = z
  .array(z.uuid("Not an upload id"))
  .max(10, "At most 10 files per message")
  .default([])
  .meta({ description: "Files uploaded first with POST /api/tickets/uploads, by the caller, within 24 hours." });

/** The upload's schemas: its body is the file's own bytes, declared by the endpoint (not JSON). */
export const supportUploadsSchemas = {
  uploadTicketFile: { query: ZUploadFileQuery, response: ZUploadFileResponse },
};
export type SupportUploadsSchemas = typeof supportUploadsSchemas;
