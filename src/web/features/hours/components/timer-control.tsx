import { Play, Square } from "lucide-react";
import { useState, type FormEvent } from "react";
import { formatMinutes } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { formatTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useTimer } from "../api/get-timer";
import { useStartTimer, useStopTimer } from "../api/hours-actions";

type Target = { ticketId: string; planItemId?: undefined } | { planItemId: string; ticketId?: undefined };

/** Stopping asks what was done: the client reads it on their hours. */
function StopForm({ onDone }: { onDone: () => void }) {
  const stop = useStopTimer();
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string>();
  const server = stop.isError ? toApiError(stop.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return setError("Say what was done: the client reads it");
    // The form unmounts once the timer stops, so the toast follows the promise.
    stop
      .mutateAsync({ description, billable: true })
      .then(({ entry }) => {
        toast.success(`${formatMinutes(entry.minutes)} logged.`);
        onDone();
      })
      .catch(() => undefined);
  };
  return (
    <form
      aria-label="Stop the timer"
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={submit}
    >
      <FormField
        label="What was done (the client reads this)"
        error={error ?? server?.fields?.description}
        className="grow"
      >
        {(control) => <Input {...control} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </FormField>
      <Button type="submit" disabled={stop.isPending}>
        <Square aria-hidden /> Stop
      </Button>
      {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
    </form>
  );
}

/** "Start timer" / "Stop" on a ticket or a plan item; the timer runs on the server, so a reload keeps it. */
export function TimerControl(target: Target) {
  const timer = useTimer();
  const start = useStartTimer();
  const [stopping, setStopping] = useState(false);
  if (!timer.data) return null;
  const running = timer.data.timer;
  const here =
    running && (target.ticketId ? running.ticketId === target.ticketId : running.planItemId === target.planItemId);
  if (here)
    return (
      <div className="flex flex-col gap-2" role="region" aria-label="Timer">
        <p className="text-sm">Timer running since {formatTime(running.startedAt)}.</p>
        {stopping ? (
          <StopForm onDone={() => setStopping(false)} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => setStopping(true)}>
            <Square aria-hidden /> Stop
          </Button>
        )}
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        className="self-start"
        disabled={start.isPending || Boolean(running)}
        onClick={() =>
          start.mutate(target.ticketId ? { ticketId: target.ticketId } : { planItemId: target.planItemId })
        }
      >
        <Play aria-hidden /> Start timer
      </Button>
      {running ? (
        <p className="text-sm text-muted-foreground">
          Your timer is running for {running.companyName}: stop it there first.
        </p>
      ) : null}
      {start.isError ? <Alert tone="error">{toApiError(start.error).message}</Alert> : null}
    </div>
  );
}
