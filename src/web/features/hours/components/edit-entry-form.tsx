import { formatMinutes } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useUpdateTimeEntry } from "../api/hours-actions";
import { TimeEntryFields, useTimeEntryDraft } from "./time-entry-fields";
import type { TStaffTimeEntry } from "../../../../shared/hours";
import type { FormEvent } from "react";

/** Staff correct an entry until its period is invoiced: the same fields as logging it. */
export function EditEntryForm({ entry, today, onDone }: { entry: TStaffTimeEntry; today: string; onDone: () => void }) {
  const update = useUpdateTimeEntry();
  const draft = useTimeEntryDraft({
    day: entry.day,
    duration: formatMinutes(entry.minutes),
    description: entry.description,
    internalNote: entry.internalNote ?? "",
    billable: entry.billable,
  });
  const server = update.isError ? toApiError(update.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.check()) return;
    update.mutate(
      { entryId: entry.id, body: draft.values },
      {
        onSuccess: () => {
          toast.success("The entry is corrected.");
          onDone();
        },
      },
    );
  };
  const fieldError = (name: string) => draft.errors[name] ?? server?.fields?.[name];
  return (
    <form
      aria-label={`Edit the entry of ${formatDate(entry.day)}`}
      noValidate
      className="grid gap-3 rounded-md border p-4 sm:grid-cols-2"
      onSubmit={submit}
    >
      <h3 className="text-sm font-semibold sm:col-span-2">
        Correct the entry of {formatDate(entry.day)}: {entry.description}
      </h3>
      <TimeEntryFields draft={draft} today={today} fieldError={fieldError} />
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save entry"}
        </Button>
      </div>
      {server && !server.fields ? (
        <Alert tone="error" className="sm:col-span-2">
          {server.message}
        </Alert>
      ) : null}
    </form>
  );
}
