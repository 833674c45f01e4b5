import { formatMinutes, parseDuration } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useLogTime } from "../api/hours-actions";
import { TimeEntryFields, useTimeEntryDraft } from "./time-entry-fields";
import type { FormEvent } from "react";

/** Staff log time for a client: the duration is read by the same parser as the server's ("1h 30m", "1.5"). */
export function LogTimeForm({ companyId, today }: { companyId: string; today: string }) {
  const logTime = useLogTime(companyId);
  const draft = useTimeEntryDraft({ day: today, duration: "", description: "", internalNote: "", billable: true });
  const server = logTime.isError ? toApiError(logTime.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.check()) return;
    logTime.mutate(draft.values, {
      onSuccess: () => {
        toast.success(`${formatMinutes(parseDuration(draft.values.duration) ?? 0)} logged.`);
        draft.set("duration", "");
        draft.set("description", "");
        draft.set("internalNote", "");
      },
    });
  };
  const fieldError = (name: string) => draft.errors[name] ?? server?.fields?.[name];
  return (
    <form aria-label="Log time" noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <TimeEntryFields draft={draft} today={today} fieldError={fieldError} />
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
