import { ArrowLeft } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { Alert } from "../../components/ui/alert";
import { useMe } from "../../features/account/api/get-me";
import { TimerControl } from "../../features/hours/components/timer-control";
import { useTicket } from "../../features/support/api/get-ticket";
import { LinkedRun } from "../../features/support/components/linked-run";
import { ReplyForm } from "../../features/support/components/reply-form";
import {
  categoryLabel,
  PriorityBadge,
  slaText,
  TicketStatusBadge,
} from "../../features/support/components/ticket-badges";
import { TicketStaffPanel } from "../../features/support/components/ticket-staff-panel";
import { TicketThread } from "../../features/support/components/ticket-thread";

/** /support/:id: one ticket's thread, its run, the reply box; staff also handle it here. */
export function Component() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const query = useTicket(id);
  const readOnly = useReadOnly();
  const isStaff = me.data?.user.role === "admin";
  const back = isStaff ? "/admin/tickets" : "/support";
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data || !me.data) return <p className="text-muted-foreground">Loading...</p>;
  const ticket = query.data;
  return (
    <>
      <Link to={back} className="mb-4 inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {isStaff ? "Back to the queue" : "All tickets"}
      </Link>
      <PageHeader
        title={ticket.subject}
        description={`${categoryLabel(ticket.category)} · ${ticket.companyName}${ticket.openedByName ? ` · opened by ${ticket.openedByName}` : ""}`}
      />
      <div role="group" className="mb-6 flex flex-wrap items-center gap-2" aria-label="Ticket status">
        <TicketStatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        {isStaff ? (
          <span className="text-sm text-muted-foreground">SLA: {slaText(ticket.sla, ticket.status)}</span>
        ) : null}
      </div>
      {ticket.previousTicketId ? (
        <p className="mb-4 text-sm">
          Follows up <Link to={`/support/${ticket.previousTicketId}`}>an earlier resolved ticket</Link>.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <TicketThread ticket={ticket} />
          {readOnly ? (
            <ReadOnlyNote action="Replying" />
          ) : (
            <ReplyForm
              ticketId={ticket.id}
              status={ticket.status}
              isStaff={isStaff}
              onMoved={(next) => navigate(`/support/${next}`)}
            />
          )}
        </div>
        <aside aria-label="About this ticket" className="order-first flex flex-col gap-4 lg:order-none">
          <LinkedRun ticket={ticket} />
          {isStaff ? <TicketStaffPanel ticket={ticket} /> : null}
          {isStaff && !readOnly ? (
            <section aria-label="Time on this ticket" className="rounded-xl border bg-card p-4">
              <TimerControl ticketId={ticket.id} />
            </section>
          ) : null}
          {ticket.watchers.length ? (
            <section aria-label="Watchers" className="rounded-xl border bg-card p-4 text-sm">
              <h2 className="font-semibold">Kept informed</h2>
              <p className="mt-1 text-muted-foreground">{ticket.watchers.map((w) => w.name).join(", ")}</p>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}
