import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { SettingLine, useInlineEditorFocus } from "../../../components/ui/inline-setting";
import { Input } from "../../../components/ui/input";
import { money } from "../../../lib/format";
import { useUpdateHourlyValue } from "../api/update-hourly-value";

/** The owner sets what an hour of their staff's time is worth; everyone else sees it. */
export function HourlyValue({
  valueMinor,
  currency,
  canEdit,
}: {
  valueMinor: number;
  currency: string;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const { field: input, change } = useInlineEditorFocus<HTMLInputElement>(editing);
  const [draft, setDraft] = useState(String(valueMinor / 100));
  const mutation = useUpdateHourlyValue();
  const id = useId();
  const parsed = Number(draft.replace(",", "."));
  const invalid = !Number.isFinite(parsed) || parsed < 0 || parsed > 100_000;

  if (!editing) {
    return (
      <SettingLine
        canEdit={canEdit}
        changeLabel="Change the value of one hour"
        changeRef={change}
        onChange={() => setEditing(true)}
      >
        At {money(valueMinor, currency)} per hour of your team's time.
      </SettingLine>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        mutation.mutate({ hourlyValueMinor: Math.round(parsed * 100) }, { onSuccess: () => setEditing(false) });
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        Value of one hour ({currency})
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={input}
          id={id}
          inputMode="decimal"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={invalid}
          // Wide enough for the amount it holds (and at least "100000.00"), whatever room the card leaves.
          style={{ width: `${Math.max(draft.length, 9) + 3}ch` }}
          className="h-9 shrink-0 tabular-nums"
        />
        <Button type="submit" size="sm" disabled={invalid || mutation.isPending}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
      {invalid ? <p className="text-xs text-destructive">Enter an amount such as 50 or 62.50.</p> : null}
      {mutation.isError ? <p className="text-xs text-destructive">{mutation.error.message}</p> : null}
    </form>
  );
}
