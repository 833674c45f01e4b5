import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { ZCreateTicketRequest, type TCreateTicketRequest } from "../../../../shared/support";
import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
} from "../../../../shared/support-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { formatDateTime } from "../../../lib/format";
import { useCreateTicket } from "../api/create-ticket";
import { useAutomationChoices, useMemberChoices, useRunChoices } from "../api/list-link-choices";
import { useFileUploads } from "../hooks/use-file-uploads";
import { filesFit, FilesInput } from "./files-input";

const orNull = (value: string) => value || null;

/** A new ticket: subject, category, priority, "which automation?", "which run?", watchers, message and files. */
export function NewTicketForm({
  selfId,
  onCreated,
  onCancel,
  initial,
}: {
  selfId: string;
  onCreated: (id: string) => void;
  onCancel: () => void;
  /** What the form starts with, for a request opened from another screen (a plan from /billing). */
  initial?: Pick<TCreateTicketRequest, "subject" | "category" | "message">;
}) {
  const mutation = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useFileUploads();
  const form = useForm<TCreateTicketRequest>({
    resolver: zodResolver(ZCreateTicketRequest),
    defaultValues: {
      subject: "",
      category: "broken_automation",
      priority: "normal",
      message: "",
      watcherIds: [],
      ...initial,
    },
  });
  const members = useMemberChoices();
  const others = (members.data?.members ?? []).filter((member) => member.userId !== selfId);
  const submit = form.handleSubmit(async (values) => {
    if (!filesFit(files)) return;
    // Each file is uploaded first (its state shows beside it); a refusal shows above the form.
    const uploadIds = await uploads.uploadAll(files);
    if (!uploadIds) return;
    // A refusal shows above the form (mutation.error); it is not thrown out of the submit handler.
    const created = await mutation.mutateAsync({ ...values, uploadIds }).catch(() => null);
    if (created) onCreated(created.id);
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New ticket"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 className="text-lg font-semibold">New ticket</h2>
      {uploads.error ? <Alert tone="error">{uploads.error}</Alert> : null}
      {mutation.isError && !uploads.error ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <FormField label="Subject" error={errors.subject?.message}>
        {(field) => <Input {...field} {...form.register("subject")} maxLength={255} />}
      </FormField>
      <TicketLinks form={form} />
      <FormField label="What happened, or what do you need?" error={errors.message?.message}>
        {(field) => <Textarea {...field} {...form.register("message")} maxLength={2000} rows={5} />}
      </FormField>
      {others.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Keep these colleagues informed (optional)</legend>
          {others.map((member) => (
            <label key={member.userId} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={member.userId} {...form.register("watcherIds")} className="size-4" />
              {member.name || member.email}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FilesInput files={files} onChange={setFiles} states={uploads.states} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Open the ticket"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Category and priority, and the automation and run the ticket is about (the runs are the chosen automation's). */
function TicketLinks({ form }: { form: UseFormReturn<TCreateTicketRequest> }) {
  const automationId = useWatch({ control: form.control, name: "automationId" }) ?? "";
  const automations = useAutomationChoices();
  const runs = useRunChoices(automationId);
  const errors = form.formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Category" error={errors.category?.message}>
        {(field) => (
          <NativeSelect {...field} {...form.register("category")}>
            {TICKET_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Priority" error={errors.priority?.message}>
        {(field) => (
          <NativeSelect {...field} {...form.register("priority")}>
            {TICKET_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {PRIORITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Which automation?" error={errors.automationId?.message}>
        {(field) => (
          <NativeSelect
            {...field}
            {...form.register("automationId", { setValueAs: orNull, onChange: () => form.setValue("runId", null) })}
          >
            <option value="">None in particular</option>
            {(automations.data?.automations ?? []).map((automation) => (
              <option key={automation.id} value={automation.id}>
                {automation.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label="Which run?"
        error={errors.runId?.message}
        hint={automationId ? undefined : "Pick the automation first."}
      >
        {(field) => (
          <NativeSelect {...field} {...form.register("runId", { setValueAs: orNull })} disabled={!automationId}>
            <option value="">No run in particular</option>
            {(runs.data?.runs ?? []).map((run) => (
              <option key={run.id} value={run.id}>
                {formatDateTime(run.startedAt)} · {run.status}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
}
