import { Download } from "lucide-react";
import { useId } from "react";
import { COMPANY_STATUS_LABELS } from "../../../../shared/clients";
import { COMPANY_STATUSES } from "../../../../shared/companies";
import { buttonClasses } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/native-select";
import { SearchInput } from "../../../components/ui/search-input";
import { exportClientsUrl } from "../api/export-clients";
import type { ClientsView } from "../api/list-clients";

/** Search, status filter and the CSV of the whole view. */
export function ClientsToolbar({
  view,
  searchText,
  onSearch,
  onStatus,
}: {
  view: ClientsView;
  searchText: string;
  onSearch: (q: string) => void;
  onStatus: (status: string) => void;
}) {
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <form role="search" className="flex flex-1 flex-col gap-3 sm:flex-row" onSubmit={(e) => e.preventDefault()}>
        <SearchInput
          label="Search clients"
          placeholder="Search by company, contact name or email"
          className="flex-1"
          maxLength={200}
          value={searchText}
          onSearch={onSearch}
        />
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
