import { useId, type Ref } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { useUpdateHourlyValue } from "../api/update-hourly-value";

/** The form behind the hourly value's "Change" (loaded when the owner is about to open it). */
export function HourlyValueEditor({
  currency,
  draft,
  onDraftChange,
  fieldRef,
  onClose,
}: {
  currency: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  fieldRef: Ref<HTMLInputElement>;
  onClose: () => void;
}) {
  const mutation = useUpdateHourlyValue();
  const id = useId();
  const parsed = Number(draft.replace(",", "."));
  const invalid = !Number.isFinite(parsed) || parsed < 0 || parsed > 100_000;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        mutation.mutate({ hourlyValueMinor: Math.round(parsed * 100) }, { onSuccess: onClose });
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        Value of one hour ({currency})
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={fieldRef}
          id={id}
          inputMode="decimal"
          value={draft}
          onChange={(e) => onDraftChange(e.target.value)}
          aria-invalid={invalid}
          // Wide enough for the amount it holds (and at least "100000.00"), whatever room the card leaves.
          style={{ width: `${Math.max(draft.length, 9) + 3}ch` }}
          className="h-9 shrink-0 tabular-nums"
        />
        <Button type="submit" size="sm" disabled={invalid || mutation.isPending}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {invalid ? <p className="text-xs text-destructive">Enter an amount such as 50 or 62.50.</p> : null}
      {mutation.isError ? <p className="text-xs text-destructive">{mutation.error.message}</p> : null}
    </form>
  );
}
