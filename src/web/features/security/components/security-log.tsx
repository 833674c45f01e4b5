import { ScrollText } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { count, formatDateTime } from "../../../lib/format";
import { useSecurityEvents } from "../api/list-security-events";
import { EVENT_TYPE_LABELS } from "./event-type-labels";
import { SecurityLogFilters } from "./security-log-filters";
import { useSecurityLogQuery } from "./use-security-log-query";
import type { TSecurityEvent } from "../../../../shared/security";

const sticky = "sticky left-0 z-10 bg-card";
/** The header's tint over the card, opaque, so that cells scrolling under the sticky one do not show through. */
const stickyHead = "sticky left-0 z-10 bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-card))]";

/** "3 Mar 2026, 09:41:07 UTC": seconds matter when reading a flood. */
const when = (iso: string) => formatDateTime(iso, { seconds: true });

const TONES: Partial<Record<TSecurityEvent["type"], "destructive" | "warning" | "secondary">> = {
  user_banned: "destructive",
  csrf_refused: "destructive",
  csp_violation: "warning",
  rate_limited: "warning",
  sign_in_failed: "warning",
  second_factor_failed: "warning",
  second_factor_reset: "warning",
};

function EventRow({ event }: { event: TSecurityEvent }) {
  const dash = <span className="text-muted-foreground">—</span>;
  return (
    <TableRow>
      <TableCell className={`${sticky} whitespace-nowrap`}>
        <time dateTime={event.createdAt}>{when(event.createdAt)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Badge variant={TONES[event.type] ?? "secondary"}>{EVENT_TYPE_LABELS[event.type]}</Badge>
      </TableCell>
      <TableCell className="min-w-56 [overflow-wrap:anywhere]">{event.message}</TableCell>
      <TableCell className="min-w-40 [overflow-wrap:anywhere]">{event.email ?? event.userId ?? dash}</TableCell>
      <TableCell className="whitespace-nowrap">{event.ip ?? dash}</TableCell>
      <TableCell className="max-w-48 truncate" title={event.path ?? undefined}>
        {event.path ?? dash}
      </TableCell>
      <TableCell className="text-right tabular-nums">{count(event.count)}</TableCell>
    </TableRow>
  );
}

/** Staff's security log: filters in the URL, newest events first, "Show older" for more. */
export function SecurityLog() {
  const { filter, apply, key } = useSecurityLogQuery();
  const events = useSecurityEvents(filter);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filtered = Object.values(filter).some(Boolean);
  return (
    <div className="flex flex-col gap-5">
      <SecurityLogFilters key={key} filter={filter} apply={apply} />
      {events.isError ? <Alert tone="error">{events.error.message}</Alert> : null}
      {events.data ? (
        rows.length === 0 ? (
          <EmptyState icon={<ScrollText aria-hidden />} title={filtered ? "No event matches" : "No events yet"}>
            {filtered
              ? "Change or clear the filters to see more of the log."
              : "Failed sign-ins, rate-limit hits, session timeouts, CSP violations and staff actions on accounts appear here."}
          </EmptyState>
        ) : (
          <>
            <Table label="Security events">
              <TableHeader>
                <TableRow>
                  <TableHead className={stickyHead}>When (UTC)</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Message</TableHead>
                  <TableHead>User</TableHead>
                  <TableHead>Address</TableHead>
                  <TableHead>Path</TableHead>
                  <TableHead className="text-right">Count</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </TableBody>
            </Table>
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {count(rows.length)} event{rows.length === 1 ? "" : "s"} shown
                {events.hasNextPage ? "" : ", the oldest included"}
              </p>
              {events.hasNextPage ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={events.isFetchingNextPage}
                  onClick={() => void events.fetchNextPage()}
                >
                  {events.isFetchingNextPage ? "Loading..." : "Show older"}
                </Button>
              ) : null}
            </div>
          </>
        )
      ) : events.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </div>
  );
}
