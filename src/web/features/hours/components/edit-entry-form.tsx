import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { durationProblem, formatMinutes } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useUpdateTimeEntry } from "../api/hours-actions";
import type { TStaffTimeEntry } from "../../../../shared/hours";

/** Staff correct an entry until its period is invoiced: the same fields as logging it. */
export function EditEntryForm({ entry, today, onDone }: { entry: TStaffTimeEntry; today: string; onDone: () => void }) {
  const update = useUpdateTimeEntry();
  const [day, setDay] = useState(entry.day);
  const [duration, setDuration] = useState(formatMinutes(entry.minutes));
  const [description, setDescription] = useState(entry.description);
  const [internalNote, setInternalNote] = useState(entry.internalNote ?? "");
  const [billable, setBillable] = useState(entry.billable);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = update.isError ? toApiError(update.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const problem = durationProblem(duration);
    if (problem) found.duration = problem;
    if (!description.trim()) found.description = "Say what was done: the client reads it";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { entryId: entry.id, body: { day, duration, description, internalNote, billable } },
      {
        onSuccess: () => {
          toast.success("The entry is corrected.");
          onDone();
        },
      },
    );
  };
  const fieldError = (name: string) => errors[name] ?? server?.fields?.[name];
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
      <FormField label="Date" error={fieldError("day")}>
        {(control) => (
          <Input {...control} type="date" max={today} value={day} onChange={(e) => setDay(e.target.value)} />
        )}
      </FormField>
      <FormField label="Duration" hint='For example "1h 30m" or "1.5"' error={fieldError("duration")}>
        {(control) => <Input {...control} value={duration} onChange={(e) => setDuration(e.target.value)} />}
      </FormField>
      <FormField
        label="What was done (the client reads this)"
        error={fieldError("description")}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </FormField>
      <FormField label="Internal note (staff only)" error={fieldError("internalNote")} className="sm:col-span-2">
        {(control) => (
          <Textarea {...control} rows={2} value={internalNote} onChange={(e) => setInternalNote(e.target.value)} />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} />
        Billable (counts against the client's hours)
      </label>
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
