import { apiFetch } from "../../../lib/api";
import type { TUploadFileResponse } from "../../../../shared/support-uploads";

/** Sends one file's bytes as they are (no base64); the answer's id goes in the message's `uploadIds`. */
export const uploadTicketFile = (file: File, signal?: AbortSignal) =>
  apiFetch<TUploadFileResponse>(`/api/tickets/uploads?${new URLSearchParams({ fileName: file.name })}`, {
    file,
    signal,
  });
