import { Check, CircleAlert, Loader2 } from "lucide-react";
import { useId } from "react";
import { MAX_FILE_BYTES, MAX_MESSAGE_FILES_BYTES } from "../../../../shared/support";
import type { UploadState } from "../hooks/use-file-uploads";

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A chosen file's upload, in words (and an icon) beside its name. */
function UploadStatus({ state }: { state: UploadState | undefined }) {
  if (!state) return null;
  if (state.status === "uploading")
    return (
      <span className="flex items-center gap-1 text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" aria-hidden /> Uploading…
      </span>
    );
  if (state.status === "uploaded")
    return (
      <span className="flex items-center gap-1 text-muted-foreground">
        <Check className="size-3.5" aria-hidden /> Uploaded
      </span>
    );
  return (
    <span className="flex items-center gap-1 text-destructive">
      <CircleAlert className="size-3.5" aria-hidden /> Not uploaded: {state.message}
    </span>
  );
}

/**
 * Images, PDF and text files, 5 MB each; the server refuses other types whatever their name.
 * Each chosen file is listed with its upload's state while the message is sent.
 */
export function FilesInput({
  files,
  onChange,
  states,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  states?: ReadonlyMap<File, UploadState>;
}) {
  const id = useId();
  const tooBig = files.filter((file) => file.size > MAX_FILE_BYTES);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Attach files (optional)
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain"
        aria-describedby={`${id}-hint`}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-card file:px-3 file:py-1.5 file:text-sm"
        onChange={(event) => onChange([...(event.target.files ?? [])])}
      />
      <p id={`${id}-hint`} className={tooBig.length ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
        {tooBig.length
          ? `${tooBig.map((file) => file.name).join(", ")}: larger than 5 MB.`
          : "Images, PDF or text files, up to 5 MB each and 20 MB together."}
      </p>
      {files.length ? (
        <ul aria-label="Files to send" aria-live="polite" className="flex flex-col gap-1 text-sm">
          {files.map((file, index) => (
            <li key={`${index}-${file.name}`} className="flex flex-wrap items-center gap-x-3">
              <span className="font-medium break-all">{file.name}</span>
              <span className="text-xs text-muted-foreground">{sizeText(file.size)}</span>
              <UploadStatus state={states?.get(file)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const filesFit = (files: File[]) =>
  files.every((file) => file.size <= MAX_FILE_BYTES) &&
  files.reduce((sum, file) => sum + file.size, 0) <= MAX_MESSAGE_FILES_BYTES;
