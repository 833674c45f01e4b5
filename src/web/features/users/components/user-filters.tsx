import { useId } from "react";
import { NativeSelect } from "../../../components/ui/native-select";
import { SearchInput } from "../../../components/ui/search-input";
import type { UserFilter } from "../api/list-users";

const PERIODS = [7, 30, 90, 365];

interface UserFiltersProps {
  filter: UserFilter;
  search: string;
  update: (changes: Record<string, string | undefined>) => void;
}

/** Search by name or email, and the role, state and sign-up filters. */
export function UserFilters({ filter, search, update }: UserFiltersProps) {
  const ids = { role: useId(), state: useId(), days: useId() };
  const periods =
    filter.signedUpWithin && !PERIODS.includes(filter.signedUpWithin)
      ? [...PERIODS, filter.signedUpWithin].sort((a, b) => a - b)
      : PERIODS;
  return (
    <form
      role="search"
      aria-label="Users"
      className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      onSubmit={(e) => e.preventDefault()}
    >
      <SearchInput
        label="Search name or email"
        showLabel
        className="col-span-2 md:col-span-1"
        value={search}
        onSearch={(q) => update({ q })}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.role} className="text-sm font-medium">
          Role
        </label>
        <NativeSelect id={ids.role} value={filter.role ?? ""} onChange={(e) => update({ role: e.target.value })}>
          <option value="">Everyone</option>
          <option value="client">Clients</option>
          <option value="admin">Staff</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.state} className="text-sm font-medium">
          State
        </label>
        <NativeSelect id={ids.state} value={filter.state ?? ""} onChange={(e) => update({ state: e.target.value })}>
          <option value="">Any state</option>
          <option value="banned">Banned</option>
          <option value="unconfirmed">Email not confirmed</option>
        </NativeSelect>
      </div>
      <div className="col-span-2 flex flex-col gap-1.5 md:col-span-1">
        <label htmlFor={ids.days} className="text-sm font-medium">
          Signed up
        </label>
        <NativeSelect
          id={ids.days}
          value={filter.signedUpWithin ? String(filter.signedUpWithin) : ""}
          onChange={(e) => update({ signedUpWithin: e.target.value })}
        >
          <option value="">Any time</option>
          {periods.map((days) => (
            <option key={days} value={String(days)}>
              In the last {days} days
            </option>
          ))}
        </NativeSelect>
      </div>
    </form>
  );
}
