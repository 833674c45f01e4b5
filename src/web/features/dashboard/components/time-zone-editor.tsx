import { useId, useState, type Ref } from "react";
import { Button } from "../../../components/ui/button";
import { TimeZoneSelect } from "../../../components/ui/time-zone-select";
import { useUpdateTimeZone } from "../api/update-time-zone";

/** The form behind the time zone's "Change" (loaded when the owner is about to open it). */
export function TimeZoneEditor({
  timeZone,
  fieldRef,
  onClose,
}: {
  timeZone: string;
  fieldRef: Ref<HTMLSelectElement>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(timeZone);
  const mutation = useUpdateTimeZone();
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate({ timeZone: draft }, { onSuccess: onClose });
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        Time zone
      </label>
      <div className="flex flex-wrap gap-2">
        <TimeZoneSelect
          ref={fieldRef}
          id={id}
          value={draft}
          current={timeZone}
          onChange={(e) => setDraft(e.target.value)}
          className="h-9 w-full min-w-0 sm:w-auto sm:max-w-full"
        />
        <Button type="submit" size="sm" disabled={mutation.isPending || draft === timeZone}>
          Save time zone
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Today, this month and every chart will count in the new zone; past runs are regrouped, none is lost.
      </p>
      {mutation.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {mutation.error.message}
        </p>
      ) : null}
    </form>
  );
}
