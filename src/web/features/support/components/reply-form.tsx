import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ZReplyRequest, type TReplyRequest } from "../../../../shared/support";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { useReplyToTicket } from "../api/reply-to-ticket";
import { useFileUploads } from "../hooks/use-file-uploads";
import { CannedReplyPicker } from "./canned-replies";
import { filesFit, FilesInput } from "./files-input";
import type { TTicketStatus } from "../../../../shared/support-labels";

/** The reply box; staff may write an internal note instead, and reuse saved replies. */
export function ReplyForm({
  ticketId,
  status,
  isStaff,
  onMoved,
}: {
  ticketId: string;
  status: TTicketStatus;
  isStaff: boolean;
  /** The reply went to another ticket (a follow-up of one resolved over 7 days ago). */
  onMoved: (id: string) => void;
}) {
  const mutation = useReplyToTicket(ticketId);
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useFileUploads();
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<TReplyRequest>({
    resolver: zodResolver(ZReplyRequest),
    defaultValues: { body: "", internal: false },
  });
  const internal = useWatch({ control: form.control, name: "internal" });
  const body = useWatch({ control: form.control, name: "body" });
  const submit = form.handleSubmit(async (values) => {
    if (!filesFit(files)) return;
    // Each file is uploaded first (its state shows beside it); a refusal shows above the form.
    const uploadIds = await uploads.uploadAll(files);
    if (!uploadIds) return;
    // A refusal shows above the form (mutation.error); it is not thrown out of the submit handler.
    const done = await mutation.mutateAsync({ ...values, uploadIds }).catch(() => null);
    if (!done) return;
    toast.success(done.message);
    form.reset({ body: "", internal: values.internal });
    setFiles([]);
    uploads.reset();
    setFileKey((key) => key + 1);
    if (done.id !== ticketId) onMoved(done.id);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Reply" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      {uploads.error ? <Alert tone="error">{uploads.error}</Alert> : null}
      {mutation.isError && !uploads.error ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      {isStaff ? <CannedReplyPicker current={body} onPick={(body) => form.setValue("body", body)} /> : null}
      <FormField
        label={internal ? "Internal note (only the agency sees it)" : "Your reply"}
        error={form.formState.errors.body?.message}
        hint={
          !isStaff && status === "resolved"
            ? "This ticket is resolved: replying within 7 days reopens it; later, a new ticket linked to it is opened."
            : undefined
        }
      >
        {(field) => <Textarea {...field} {...form.register("body")} rows={5} maxLength={2000} />}
      </FormField>
      <FilesInput key={fileKey} files={files} onChange={setFiles} states={uploads.states} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : internal ? "Add internal note" : "Send reply"}
        </Button>
        {isStaff ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register("internal")} /> Internal note
          </label>
        ) : null}
      </div>
    </form>
  );
}
