import { Lock, Mail, Paperclip } from "lucide-react";
import { operationUrl } from "../../../../shared/api-operation";
import { supportOps } from "../../../../shared/operations/support";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import type { TGetTicketResponse } from "../../../../shared/support";

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The messages in order; internal notes (staff only: the server never sends them to clients) stand out. */
export function TicketThread({ ticket }: { ticket: TGetTicketResponse }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {ticket.messages.map((message) => {
        const internal = message.kind === "internal";
        return (
          <li
            key={message.id}
            className={cn(
              "rounded-xl border p-4",
              internal
                ? "border-dashed border-warning/60 bg-warning/10"
                : message.side === "staff"
                  ? "bg-accent/40"
                  : "bg-card",
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <span className="font-medium">
                {message.authorName ?? (message.side === "staff" ? "Cogwork" : "Client")}
                {message.side === "staff" ? " (agency)" : ""}
              </span>
              <span className="text-muted-foreground">{formatDateTime(message.createdAt)}</span>
              {internal ? (
                <span className="inline-flex items-center gap-1 font-medium">
                  <Lock className="size-3.5" aria-hidden /> Internal note, not shown to the client
                </span>
              ) : null}
              {message.via === "email" ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <Mail className="size-3.5" aria-hidden /> by email
                </span>
              ) : null}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap">{message.body}</p>
            {message.attachments.length ? (
              <ul className="mt-3 flex flex-col gap-1" aria-label="Files">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={operationUrl(supportOps.downloadTicketAttachment, { id: ticket.id, attachmentId: file.id })}
                      download={file.fileName}
                      className="inline-flex items-center gap-1.5 text-sm underline underline-offset-4"
                    >
                      <Paperclip className="size-3.5" aria-hidden /> Download {file.fileName} ({kb(file.sizeBytes)})
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
