import { Download, Search } from "lucide-react";
import { useId } from "react";
import { COMPANY_STATUS_LABELS } from "../../../../shared/clients";
import { COMPANY_STATUSES } from "../../../../shared/companies";
import { buttonClasses } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { exportClientsUrl } from "../api/export-clients";
import type { ClientsView } from "../api/list-clients";

/** Search, status filter and the CSV of the whole view. */
export function ClientsToolbar({
  view,
  onSearch,
  onStatus,
}: {
  view: ClientsView;
  onSearch: (q: string) => void;
  onStatus: (status: string) => void;
}) {
  const searchId = useId();
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <form role="search" className="flex flex-1 flex-col gap-3 sm:flex-row" onSubmit={(e) => e.preventDefault()}>
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search clients
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by company, contact name or email"
            className="pl-9"
            maxLength={200}
            value={view.q ?? ""}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={statusId} className="sr-only">
            Status
          </label>
          <NativeSelect id={statusId} value={view.status ?? ""} onChange={(e) => onStatus(e.target.value)}>
            <option value="">All statuses</option>
            {COMPANY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {COMPANY_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
      <a href={exportClientsUrl(view)} download className={buttonClasses("outline")}>
        <Download aria-hidden /> Export CSV
      </a>
    </div>
  );
}
