import { operationUrl } from "../../../../shared/api-operation";
import { supportOps } from "../../../../shared/operations/support";
import { apiFetch } from "../../../lib/api";
import type { OperationOutput } from "../../../../shared/api-operation";
import type { SupportUploadsSchemas } from "../../../../shared/support";

/**
 * Sends one file's bytes as they are (no base64); the answer's id goes in the message's `uploadIds`.
 * `call` sends JSON only: the file goes with apiFetch, to the operation's address.
 */
export const uploadTicketFile = (file: File, signal?: AbortSignal) =>
  apiFetch<OperationOutput<SupportUploadsSchemas["uploadTicketFile"]>>(
    operationUrl(supportOps.uploadTicketFile, {}, { fileName: file.name }),
    { file, signal },
  );
