import { useState } from "react";
import { durationProblem } from "../../../../shared/hours-labels";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";

export interface TimeEntryValues {
  day: string;
  duration: string;
  description: string;
  internalNote: string;
  billable: boolean;
}

/** A time entry being logged or corrected: its fields, and the checks made before it is sent. */
export function useTimeEntryDraft(initial: TimeEntryValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof TimeEntryValues>(name: K, value: TimeEntryValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  /** True when the entry may be sent; otherwise the fields say what is wrong. */
  const check = () => {
    const found: Record<string, string> = {};
    const problem = durationProblem(values.duration);
    if (problem) found.duration = problem;
    if (!values.description.trim()) found.description = "Say what was done: the client reads it";
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, set, errors, check };
}

/** The fields of a time entry, shared by logging time and correcting an entry. */
export function TimeEntryFields({
  draft,
  today,
  fieldError,
}: {
  draft: ReturnType<typeof useTimeEntryDraft>;
  today: string;
  fieldError: (name: string) => string | undefined;
}) {
  const { values, set } = draft;
  return (
    <>
      <FormField label="Date" error={fieldError("day")}>
        {(control) => (
          <Input {...control} type="date" max={today} value={values.day} onChange={(e) => set("day", e.target.value)} />
        )}
      </FormField>
      <FormField label="Duration" hint='For example "1h 30m" or "1.5"' error={fieldError("duration")}>
        {(control) => <Input {...control} value={values.duration} onChange={(e) => set("duration", e.target.value)} />}
      </FormField>
      <FormField
        label="What was done (the client reads this)"
        error={fieldError("description")}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input {...control} value={values.description} onChange={(e) => set("description", e.target.value)} />
        )}
      </FormField>
      <FormField label="Internal note (staff only)" error={fieldError("internalNote")} className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={values.internalNote}
            onChange={(e) => set("internalNote", e.target.value)}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.billable} onChange={(e) => set("billable", e.target.checked)} />
        Billable (counts against the client's hours)
      </label>
    </>
  );
}
