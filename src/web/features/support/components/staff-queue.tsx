import { Inbox } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "../../../../shared/support-labels";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { NativeSelect } from "../../../components/ui/native-select";
import { Pager } from "../../../components/ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { plural, relativeTime } from "../../../lib/format";
import { useStaffTicketQueue, useTicketCompanies, type QueueFilter } from "../api/staff-ticket-queue";
import { PriorityBadge, slaText, TicketStatusBadge } from "./ticket-badges";

type Update = (changes: Record<string, string>) => void;

function Filter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value?: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The staff queue: every company's tickets, filtered, the nearest SLA deadline first. */
export function StaffQueue({
  filter,
  update,
  hideClient,
}: {
  filter: QueueFilter;
  update: Update;
  hideClient?: boolean;
}) {
  const query = useStaffTicketQueue(filter);
  const data = query.data;
  return (
    <div className="flex flex-col gap-4">
      <QueueFilters filter={filter} update={update} hideClient={hideClient} data={data} />
      {query.isError ? <Alert tone="error">{query.error.message}</Alert> : null}
      {!data ? (
        query.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : null
      ) : data.total === 0 ? (
        <EmptyState icon={<Inbox />} title="No tickets here">
          Tickets that clients open, or report from a run, arrive in this queue.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(data.total, "ticket")}, the nearest deadline first
          </p>
          <QueueTable tickets={data.tickets} hideClient={hideClient} />
          <Pager
            label="Pages of tickets"
            page={filter.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => update({ page: String(p) })}
          />
        </>
      )}
    </div>
  );
}

type Queue = NonNullable<ReturnType<typeof useStaffTicketQueue>["data"]>;

/** Status, priority, assignee, client (unless the page is one client's) and SLA. */
function QueueFilters({
  filter,
  update,
  hideClient,
  data,
}: {
  filter: QueueFilter;
  update: Update;
  hideClient?: boolean;
  data: Queue | undefined;
}) {
  const companies = useTicketCompanies(!hideClient).data?.companies;
  return (
    <form
      role="search"
      aria-label="Filter tickets"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <Filter
        label="Status"
        value={filter.status}
        onChange={(v) => update({ status: v })}
        options={[
          ["", "All statuses"],
          ["active", "Not resolved"],
          ...TICKET_STATUSES.map((s) => [s, STATUS_LABELS[s]] as [string, string]),
        ]}
      />
      <Filter
        label="Priority"
        value={filter.priority}
        onChange={(v) => update({ priority: v })}
        options={[["", "All priorities"], ...TICKET_PRIORITIES.map((p) => [p, PRIORITY_LABELS[p]] as [string, string])]}
      />
      <Filter
        label="Assignee"
        value={filter.assigneeId}
        onChange={(v) => update({ assigneeId: v })}
        options={[
          ["", "Anyone"],
          ["none", "Nobody yet"],
          ...(data?.staff ?? []).map((s) => [s.id, s.name] as [string, string]),
        ]}
      />
      {hideClient ? null : (
        <Filter
          label="Client"
          value={filter.companyId}
          onChange={(v) => update({ companyId: v })}
          options={[["", "All clients"], ...(companies ?? []).map((c) => [c.id, c.name] as [string, string])]}
        />
      )}
      <Filter
        label="SLA"
        value={filter.breached}
        onChange={(v) => update({ breached: v })}
        options={[
          ["", "Any"],
          ["true", "Breached"],
          ["false", "Within target"],
        ]}
      />
    </form>
  );
}

function QueueTable({ tickets, hideClient }: { tickets: Queue["tickets"]; hideClient?: boolean }) {
  return (
    <Table label="Ticket queue">
      <TableHeader>
        <TableRow>
          <TableHead className="sticky left-0 z-10 bg-muted">Ticket</TableHead>
          {hideClient ? null : <TableHead>Client</TableHead>}
          <TableHead>Status</TableHead>
          <TableHead>Priority</TableHead>
          <TableHead>Time left</TableHead>
          <TableHead>Assignee</TableHead>
          <TableHead>Last activity</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tickets.map((t) => (
          <TableRow key={t.id}>
            <TableCell className="sticky left-0 z-10 max-w-56 bg-card">
              <Link
                to={screenPath("/support/:id", { id: t.id })}
                className="font-medium underline-offset-4 hover:underline"
              >
                {t.subject}
              </Link>
              {t.automationName ? (
                <span className="block text-xs text-muted-foreground">{t.automationName}</span>
              ) : null}
            </TableCell>
            {hideClient ? null : <TableCell>{t.companyName}</TableCell>}
            <TableCell>
              <TicketStatusBadge status={t.status} />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={t.priority} />
            </TableCell>
            <TableCell
              className={cn(
                "whitespace-nowrap",
                t.sla.breached && t.status !== "resolved" && "font-semibold text-destructive",
              )}
            >
              {slaText(t.sla, t.status)}
            </TableCell>
            <TableCell>{t.assigneeName ?? "Nobody yet"}</TableCell>
            <TableCell className="whitespace-nowrap">{relativeTime(t.lastMessageAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
