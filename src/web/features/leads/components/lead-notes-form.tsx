import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZLeadNotesRequest, type TLead, type TLeadNotesRequest } from "../../../../shared/leads";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useUpdateLead } from "../api/update-lead";

/** Staff's notes on a lead, saved on demand. */
export function LeadNotesForm({ lead }: { lead: TLead }) {
  const update = useUpdateLead(lead.id);
  const form = useForm<TLeadNotesRequest>({
    resolver: zodResolver(ZLeadNotesRequest),
    values: { notes: lead.notes },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(`Notes on ${lead.name}'s lead saved.`),
      onError: (error) => toast.error(toApiError(error).message),
    }),
  );
  return (
    // Not a named form: one per lead would make landmarks that two leads from one person cannot tell apart.
    // The card's heading says whose lead it is.
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField label="Notes" error={form.formState.errors.notes?.message}>
        {(field) => <Textarea {...field} rows={3} {...form.register("notes")} />}
      </FormField>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={update.isPending || !form.formState.isDirty}
        aria-label={`Save notes on ${lead.name}'s lead`}
      >
        {update.isPending ? "Saving..." : "Save notes"}
      </Button>
    </form>
  );
}
