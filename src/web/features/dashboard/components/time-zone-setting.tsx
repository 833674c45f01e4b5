import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { SettingLine, useInlineEditorFocus } from "../../../components/ui/inline-setting";
import { TimeZoneSelect } from "../../../components/ui/time-zone-select";
import { useUpdateTimeZone } from "../api/update-time-zone";

const label = (zone: string) => zone.replace(/_/g, " ");

/** Which time zone the company's days follow; its owner can change it, everyone else sees it. */
export function TimeZoneSetting({ timeZone, canEdit }: { timeZone: string; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(timeZone);
  const { field: select, change } = useInlineEditorFocus<HTMLSelectElement>(editing);
  const mutation = useUpdateTimeZone();
  const id = useId();

  if (!editing) {
    return (
      <SettingLine
        canEdit={canEdit}
        changeLabel="Change the time zone"
        changeRef={change}
        onChange={() => {
          setDraft(timeZone);
          setEditing(true);
        }}
      >
        Days and months in {label(timeZone)} time.
      </SettingLine>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate({ timeZone: draft }, { onSuccess: () => setEditing(false) });
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        Time zone
      </label>
      <div className="flex flex-wrap gap-2">
        <TimeZoneSelect
          ref={select}
          id={id}
          value={draft}
          current={timeZone}
          onChange={(e) => setDraft(e.target.value)}
          className="h-9 w-full min-w-0 sm:w-auto sm:max-w-full"
        />
        <Button type="submit" size="sm" disabled={mutation.isPending || draft === timeZone}>
          Save time zone
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
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
