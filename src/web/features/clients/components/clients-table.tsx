import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { formatInvoiceMoney, SUBSCRIPTION_STATUS_LABELS } from "../../../../shared/billing-labels";
import { formatMinutes } from "../../../../shared/hours-labels";
import { screenPath } from "../../../../shared/routes";
import { CompanyStatusBadge } from "../../../components/status/company-status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDateTime, formatRate, hours, relativeTime } from "../../../lib/format";
import type { ClientSort, SortDirection, TClientRow } from "../../../../shared/clients";
import type { ReactNode } from "react";

const COLUMNS: { sort: ClientSort; label: string; numeric?: boolean }[] = [
  { sort: "name", label: "Name" },
  { sort: "contact", label: "Main contact" },
  { sort: "status", label: "Status" },
  { sort: "automations", label: "Automations", numeric: true },
  { sort: "failureRate", label: "Failure rate 7 d", numeric: true },
  { sort: "hoursSaved", label: "Hours saved 30 d", numeric: true },
  { sort: "plan", label: "Plan" },
  { sort: "mrr", label: "MRR", numeric: true },
  { sort: "openTickets", label: "Open tickets", numeric: true },
  { sort: "lastActivity", label: "Last activity" },
];

/** The first column stays in view while the table scrolls sideways on a phone. */
const STICKY = "sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-border)]";

/** A dash for a missing value, with words for screen readers. */
function Missing({ children }: { children: ReactNode }) {
  return (
    <>
      <span aria-hidden className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{children}</span>
    </>
  );
}

function SortButton({
  label,
  active,
  dir,
  onClick,
}: {
  label: string;
  active: boolean;
  dir: SortDirection;
  onClick: () => void;
}) {
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 whitespace-nowrap hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="sr-only">Sort by</span> {label}
      <Icon className={active ? "size-4" : "size-4 text-muted-foreground"} aria-hidden />
    </button>
  );
}

/** This period's retainer hours: used of included, marked when over the budget. */
function HoursUsedCell({ hours: used }: { hours: { usedMinutes: number; includedMinutes: number } | null }) {
  if (!used) return <Missing>No retainer hours</Missing>;
  const over = used.usedMinutes > used.includedMinutes;
  return (
    <span className={over ? "font-medium text-destructive" : undefined}>
      {formatMinutes(used.usedMinutes)} / {formatMinutes(used.includedMinutes)}
      {over ? <span className="sr-only"> (over budget)</span> : null}
    </span>
  );
}

function ClientRow({ client: c }: { client: TClientRow }) {
  return (
    <TableRow>
      <TableHead scope="row" className={`${STICKY} max-w-64 min-w-36 bg-card font-medium`}>
        <Link to={screenPath("/clients/:id", { id: c.id })} className="hover:underline">
          {c.name}
        </Link>
      </TableHead>
      <TableCell>
        {c.mainContact ? (
          <div className="flex flex-col">
            {c.mainContact.name ? <span>{c.mainContact.name}</span> : null}
            <span className={c.mainContact.name ? "text-xs text-muted-foreground" : undefined}>
              {c.mainContact.email}
            </span>
          </div>
        ) : (
          <Missing>No contact yet</Missing>
        )}
      </TableCell>
      <TableCell>
        <CompanyStatusBadge status={c.status} />
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {c.automationsTotal === 0 ? (
          <span className="text-muted-foreground">None</span>
        ) : (
          `${c.automationsLive} of ${c.automationsTotal} live`
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {c.failureRate7d === null ? <Missing>No finished runs in 7 days</Missing> : formatRate(c.failureRate7d)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{hours(c.hoursSaved30d * 60)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {c.plan ? (
          <div className="flex flex-col">
            <span>{c.plan.name}</span>
            {c.plan.status === "active" ? null : (
              <span className="text-xs text-muted-foreground">{SUBSCRIPTION_STATUS_LABELS[c.plan.status]}</span>
            )}
          </div>
        ) : (
          <Missing>No plan</Missing>
        )}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {c.mrrMinor === 0 ? <Missing>None</Missing> : formatInvoiceMoney(c.mrrMinor, c.currency)}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {c.openTickets === 0 ? (
          <Missing>None</Missing>
        ) : (
          <Link
            to={screenPath("/admin/tickets", { companyId: c.id })}
            aria-label={`${c.openTickets} open tickets of ${c.name}`}
            className="hover:underline"
          >
            {c.openTickets}
          </Link>
        )}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <HoursUsedCell hours={c.hoursThisPeriod ?? null} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {c.lastActivityAt ? (
          <time dateTime={c.lastActivityAt} title={formatDateTime(c.lastActivityAt)}>
            {relativeTime(c.lastActivityAt)}
          </time>
        ) : (
          <Missing>None</Missing>
        )}
      </TableCell>
    </TableRow>
  );
}

/** One page of client companies; each column header sorts by that column (again: the other way). */
export function ClientsTable({
  clients,
  sort,
  dir,
  onSort,
}: {
  clients: TClientRow[];
  sort: ClientSort;
  dir: SortDirection;
  onSort: (sort: ClientSort) => void;
}) {
  return (
    <Table label="Client companies">
      <TableHeader className="bg-muted">
        <TableRow>
          {COLUMNS.map((column, index) => [
            column.sort === "lastActivity" ? (
              // Computed for the page's companies only, so not a sort key.
              <TableHead key="hours" scope="col" className="text-right whitespace-nowrap">
                Hours used / included
              </TableHead>
            ) : null,
            <TableHead
              key={column.sort}
              scope="col"
              aria-sort={column.sort === sort ? (dir === "asc" ? "ascending" : "descending") : undefined}
              className={index === 0 ? `${STICKY} bg-muted` : column.numeric ? "text-right" : undefined}
            >
              <SortButton
                label={column.label}
                active={column.sort === sort}
                dir={dir}
                onClick={() => onSort(column.sort)}
              />
            </TableHead>,
          ])}
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((client) => (
          <ClientRow key={client.id} client={client} />
        ))}
      </TableBody>
    </Table>
  );
}
