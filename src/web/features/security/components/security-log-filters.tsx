import { useId, useState } from "react";
import { SECURITY_EVENT_TYPES, type SecurityEventType } from "../../../../shared/security-posture";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { EVENT_TYPE_LABELS } from "./event-type-labels";
import type { SecurityEventFilter } from "../api/list-security-events";
import type { ReactNode } from "react";

/** The filters, edited here and applied together (then kept in the URL). */
export function SecurityLogFilters({
  filter,
  apply,
}: {
  filter: SecurityEventFilter;
  apply: (filter: SecurityEventFilter) => void;
}) {
  const [draft, setDraft] = useState<SecurityEventFilter>(filter);
  const ids = { type: useId(), from: useId(), to: useId(), user: useId(), ip: useId() };
  const set = (key: keyof SecurityEventFilter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value || undefined }));
  const field = (id: string, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <form
      aria-label="Filter the security log"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {field(
          ids.type,
          "Type",
          <NativeSelect id={ids.type} value={draft.type ?? ""} onChange={set("type")}>
            <option value="">Every type</option>
            {SECURITY_EVENT_TYPES.map((type: SecurityEventType) => (
              <option key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          ids.from,
          "From (UTC)",
          <Input id={ids.from} type="date" value={draft.from ?? ""} max={draft.to} onChange={set("from")} />,
        )}
        {field(
          ids.to,
          "To (UTC)",
          <Input id={ids.to} type="date" value={draft.to ?? ""} min={draft.from} onChange={set("to")} />,
        )}
        {field(
          ids.user,
          "User (email or id)",
          <Input id={ids.user} value={draft.user ?? ""} autoComplete="off" onChange={set("user")} />,
        )}
        {field(ids.ip, "Address", <Input id={ids.ip} value={draft.ip ?? ""} autoComplete="off" onChange={set("ip")} />)}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
