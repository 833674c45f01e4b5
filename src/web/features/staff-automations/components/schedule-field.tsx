import { useState } from "react";
import { SCHEDULE_UNITS } from "../../../../shared/automations";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";

type Unit = keyof typeof SCHEDULE_UNITS;
const UNITS = Object.keys(SCHEDULE_UNITS) as Unit[];

/** The largest unit that states the minutes exactly: 120 → 2 hours, 90 → 90 minutes. */
function splitMinutes(minutes: number | null | undefined): { amount: string; unit: Unit } {
  if (minutes === null || minutes === undefined) return { amount: "", unit: "hours" };
  const unit = [...UNITS].reverse().find((u) => minutes % SCHEDULE_UNITS[u] === 0) ?? "minutes";
  return { amount: String(minutes / SCHEDULE_UNITS[unit]), unit };
}

interface ScheduleFieldProps {
  value: number | null | undefined;
  onChange: (minutes: number | null) => void;
  onBlur: () => void;
  error?: string;
}

/** "At least one run every [2] [hours]", stored as minutes; empty means no schedule (never Stale). */
export function ScheduleField({ value, onChange, onBlur, error }: ScheduleFieldProps) {
  const [initial] = useState(() => splitMinutes(value));
  const [amount, setAmount] = useState(initial.amount);
  const [unit, setUnit] = useState<Unit>(initial.unit);
  const emit = (nextAmount: string, nextUnit: Unit) =>
    onChange(nextAmount.trim() === "" ? null : Number(nextAmount) * SCHEDULE_UNITS[nextUnit]);
  return (
    <FormField
      label="Expected schedule: at least one run every"
      error={error}
      hint="Leave empty when it runs only on demand: it is then never marked Stale."
    >
      {(field) => (
        <div className="flex gap-2">
          <Input
            {...field}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className="w-28"
            value={amount}
            onBlur={onBlur}
            onChange={(event) => {
              setAmount(event.target.value);
              emit(event.target.value, unit);
            }}
          />
          <NativeSelect
            aria-label="Unit of the expected schedule"
            className="w-32"
            value={unit}
            onChange={(event) => {
              const next = event.target.value as Unit;
              setUnit(next);
              emit(amount, next);
            }}
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </FormField>
  );
}
