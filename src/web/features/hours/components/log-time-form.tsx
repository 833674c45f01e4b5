import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { durationProblem, formatMinutes, parseDuration } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toApiError } from "../../../lib/api";
import { useLogTime } from "../api/hours-actions";

/** Staff log time for a client: the duration is read by the same parser as the server's ("1h 30m", "1.5"). */
export function LogTimeForm({ companyId, today }: { companyId: string; today: string }) {
  const logTime = useLogTime(companyId);
  const [day, setDay] = useState(today);
  const [duration, setDuration] = useState("");
  const [description, setDescription] = useState("");
  const [internalNote, setInternalNote] = useState("");
  const [billable, setBillable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = logTime.isError ? toApiError(logTime.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const problem = durationProblem(duration);
    if (problem) found.duration = problem;
    if (!description.trim()) found.description = "Say what was done: the client reads it";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    logTime.mutate(
      { day, duration, description, internalNote, billable },
      {
        onSuccess: () => {
          toast.success(`${formatMinutes(parseDuration(duration) ?? 0)} logged.`);
          setDuration("");
          setDescription("");
          setInternalNote("");
        },
      },
    );
  };
  const fieldError = (name: string) => errors[name] ?? server?.fields?.[name];
  return (
    <form aria-label="Log time" noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
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
      <Button type="submit" disabled={logTime.isPending} className="sm:justify-self-end">
        {logTime.isPending ? "Logging..." : "Log time"}
      </Button>
      {server && !server.fields ? (
        <Alert tone="error" className="sm:col-span-2">
          {server.message}
        </Alert>
      ) : null}
    </form>
  );
}
