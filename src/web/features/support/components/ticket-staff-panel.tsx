import { useId } from "react";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "../../../../shared/support-labels";
import { Alert } from "../../../components/ui/alert";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useStaffTicketQueue } from "../api/staff-ticket-queue";
import { useUpdateTicket } from "../api/update-ticket";
import type { TGetTicketResponse, TUpdateTicketRequest } from "../../../../shared/support";

/** Staff: the ticket's status (set by hand), priority and assignee. */
export function TicketStaffPanel({ ticket }: { ticket: TGetTicketResponse }) {
  const ids = { status: useId(), priority: useId(), assignee: useId() };
  const update = useUpdateTicket(ticket.id);
  // The queue's answer carries the staff accounts to assign to.
  const staff = useStaffTicketQueue({ page: 1, companyId: ticket.companyId }).data?.staff ?? [];
  const change = (body: TUpdateTicketRequest) =>
    update.mutate(body, { onSuccess: (done) => toast.success(done.message) });
  return (
    <section aria-label="Handling" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 className="font-semibold">Handling</h2>
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
      <label htmlFor={ids.status} className="text-sm font-medium">
        Status
      </label>
      <NativeSelect
        id={ids.status}
        value={ticket.status}
        onChange={(event) => change({ status: event.target.value as never })}
      >
        {TICKET_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
      <label htmlFor={ids.priority} className="text-sm font-medium">
        Priority
      </label>
      <NativeSelect
        id={ids.priority}
        value={ticket.priority}
        onChange={(event) => change({ priority: event.target.value as never })}
      >
        {TICKET_PRIORITIES.map((value) => (
          <option key={value} value={value}>
            {PRIORITY_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
      <label htmlFor={ids.assignee} className="text-sm font-medium">
        Assignee
      </label>
      <NativeSelect
        id={ids.assignee}
        value={ticket.assigneeId ?? ""}
        onChange={(event) => change({ assigneeId: event.target.value || null })}
      >
        <option value="">Nobody yet</option>
        {staff.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </NativeSelect>
    </section>
  );
}
