import { useId } from "react";
import { RUN_STATUSES, RUN_STATUS_LABELS, type RunStatus } from "../../../../shared/automations";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";

interface RunFiltersProps {
  status?: RunStatus;
  from?: string;
  to?: string;
  update: (changes: Record<string, string | undefined>) => void;
}

/** The run history's filters: result and a date range in UTC. */
export function RunFilters({ status, from, to, update }: RunFiltersProps) {
  const ids = { status: useId(), from: useId(), to: useId() };
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.status} className="text-sm font-medium">
          Result
        </label>
        <NativeSelect id={ids.status} value={status ?? ""} onChange={(e) => update({ status: e.target.value })}>
          <option value="">All results</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RUN_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.from} className="text-sm font-medium">
          From (UTC)
        </label>
        <Input
          id={ids.from}
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(e) => update({ from: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.to} className="text-sm font-medium">
          To (UTC)
        </label>
        <Input id={ids.to} type="date" value={to ?? ""} min={from} onChange={(e) => update({ to: e.target.value })} />
      </div>
    </div>
  );
}
