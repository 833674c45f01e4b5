import { useId } from "react";

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Reads the chosen files as base64 for the API (the server checks their type from the bytes). */
export async function encodeFiles(files: File[]) {
  return Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { fileName: file.name, contentBase64: btoa(binary) };
    }),
  );
}

/** Images, PDF and text files, 5 MB each; the server refuses other types whatever their name. */
export function FilesInput({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
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
    </div>
  );
}

export const filesFit = (files: File[]) =>
  files.every((file) => file.size <= MAX_FILE_BYTES) &&
  files.reduce((sum, file) => sum + file.size, 0) <= 20 * 1024 * 1024;
