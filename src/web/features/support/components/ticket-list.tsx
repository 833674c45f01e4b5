import { LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pager } from "../../../components/ui/pager";
import { plural, relativeTime } from "../../../lib/format";
import { useTickets, type TicketFilter } from "../api/list-tickets";
import { TicketStatusBadge, categoryLabel } from "./ticket-badges";

/** The company's tickets (or the caller's), latest activity first, as cards that fit a phone. */
export function TicketList({ filter, onPage }: { filter: TicketFilter; onPage: (page: number) => void }) {
  const query = useTickets(filter);
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  if (query.data.total === 0) {
    return (
      <EmptyState icon={<LifeBuoy />} title={filter.mine ? "No tickets of yours" : "No tickets yet"}>
        Open a ticket when something is wrong with an automation, or for a change, a billing question or anything else.
        Choose Report a problem on a run to link the ticket to it.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {plural(query.data.total, "ticket")}
      </p>
      <ul className="flex flex-col gap-3" aria-label="Tickets">
        {query.data.tickets.map((ticket) => (
          <li key={ticket.id} className="rounded-xl border bg-card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Link
                to={screenPath("/support/:id", { id: ticket.id })}
                className="font-medium underline-offset-4 hover:underline"
              >
                {ticket.subject}
              </Link>
              <TicketStatusBadge status={ticket.status} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {categoryLabel(ticket.category)}
              {ticket.automationName ? ` · ${ticket.automationName}` : ""}
              {ticket.openedByName ? ` · opened by ${ticket.openedByName}` : ""} · last activity{" "}
              {relativeTime(ticket.lastMessageAt)}
            </p>
          </li>
        ))}
      </ul>
      <Pager
        label="Pages of tickets"
        page={filter.page}
        pageSize={query.data.pageSize}
        total={query.data.total}
        onPage={onPage}
      />
    </div>
  );
}
