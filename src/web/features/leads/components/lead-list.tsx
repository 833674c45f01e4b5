import { Inbox } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type TConvertLeadResponse } from "../../../../shared/leads";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { NativeSelect } from "../../../components/ui/native-select";
import { Pager } from "../../../components/ui/pager";
import { SearchInput } from "../../../components/ui/search-input";
import { plural } from "../../../lib/format";
import { useLeads, type LeadFilter } from "../api/list-leads";
import { LeadCard } from "./lead-card";

/** The inbox's filters; the screen keeps them in the URL. */
export function LeadFilters({
  filter,
  update,
}: {
  filter: LeadFilter;
  update: (changes: Record<string, string>) => void;
}) {
  const statusId = useId();
  return (
    <form role="search" className="flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
      <SearchInput
        label="Search leads"
        placeholder="Name, email, company or message"
        className="flex-1"
        value={filter.q ?? ""}
        onSearch={(q) => update({ q })}
      />
      <div className="sm:w-48">
        <label htmlFor={statusId} className="sr-only">
          Status
        </label>
        <NativeSelect
          id={statusId}
          value={filter.status ?? ""}
          onChange={(event) => update({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </form>
  );
}

function noMatch({ status, q }: LeadFilter) {
  const label = status ? LEAD_STATUS_LABELS[status].toLowerCase() : undefined;
  if (!q?.trim()) return `No ${label} leads.`;
  return `No lead matches "${q.trim()}"${label ? ` among the ${label} ones` : ""}.`;
}

/** The leads of the filter, newest first, with what the last conversion made. */
export function LeadList({ filter, onPage }: { filter: LeadFilter; onPage: (page: number) => void }) {
  const query = useLeads({ ...filter, q: filter.q?.trim() || undefined });
  const [converted, setConverted] = useState<TConvertLeadResponse | null>(null);
  const filtered = Boolean(filter.status || filter.q?.trim());
  return (
    <div className="flex flex-col gap-4">
      {converted ? (
        <Alert tone="success">
          {converted.company.name} is a client now
          {converted.invitation ? `; the invitation went to ${converted.invitation.email}` : ""}.{" "}
          <Link to={screenPath("/clients/:id", { id: converted.company.id })}>Open {converted.company.name}</Link>
        </Alert>
      ) : null}
      {query.isError ? <Alert tone="error">{query.error.message}</Alert> : null}
      {query.data ? (
        query.data.total === 0 ? (
          filtered ? (
            <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
              {noMatch(filter)}
            </p>
          ) : (
            <EmptyState icon={<Inbox />} title="No leads yet">
              Messages sent through the contact form arrive here, for you to answer, take notes on and turn into
              clients.
            </EmptyState>
          )
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {plural(query.data.total, "lead")}
            </p>
            <ul className="flex flex-col gap-3">
              {query.data.leads.map((lead) => (
                <li key={lead.id}>
                  <LeadCard lead={lead} onConverted={setConverted} />
                </li>
              ))}
            </ul>
            <Pager
              label="Pages of leads"
              page={filter.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={onPage}
            />
          </>
        )
      ) : query.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </div>
  );
}
