import { useRef, useState } from "react";
import { toApiError } from "../../../lib/api";
import { uploadTicketFile } from "../api/upload-ticket-file";

export type UploadState =
  { status: "uploading" } | { status: "uploaded"; id: string } | { status: "failed"; message: string };

/**
 * Uploads a message's files one after another before the message is sent, and remembers each
 * one's state (shown beside it) and id: sending again after a refusal does not upload a file twice.
 */
export function useFileUploads() {
  const [states, setStates] = useState<ReadonlyMap<File, UploadState>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const ids = useRef(new Map<File, string>());
  const mark = (file: File, state: UploadState) => setStates((current) => new Map(current).set(file, state));

  /** The ids of the files, in order; null when one was refused (its reason is in `error`). */
  const uploadAll = async (files: File[]): Promise<string[] | null> => {
    setError(null);
    const done: string[] = [];
    for (const file of files) {
      const known = ids.current.get(file);
      if (known) {
        done.push(known);
        continue;
      }
      mark(file, { status: "uploading" });
      try {
        const { id } = await uploadTicketFile(file);
        ids.current.set(file, id);
        mark(file, { status: "uploaded", id });
        done.push(id);
      } catch (thrown) {
        const { message } = toApiError(thrown);
        mark(file, { status: "failed", message });
        setError(message);
        return null;
      }
    }
    return done;
  };

  /** After the message was sent: its files are no longer to be uploaded. */
  const reset = () => {
    ids.current.clear();
    setStates(new Map());
    setError(null);
  };
  return { states, error, uploadAll, reset };
}
