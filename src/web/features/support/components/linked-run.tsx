import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { formatDateTime } from "../../../lib/format";
import type { TGetTicketResponse } from "../../../../shared/support";

/** The automation and run the ticket is about, as the run was when it was linked, with a link to it. */
export function LinkedRun({ ticket }: { ticket: TGetTicketResponse }) {
  if (!ticket.automationId) return null;
  const run = ticket.runSnapshot;
  return (
    <section aria-label="Linked run" className="rounded-xl border bg-card p-4 text-sm">
      <h2 className="font-semibold">About {ticket.automationName ?? "an automation"}</h2>
      {run ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Run</dt>
          <dd>{formatDateTime(run.startedAt)}</dd>
          <dt className="text-muted-foreground">Status then</dt>
          <dd className="capitalize">{run.status}</dd>
          {run.errorMessage ? (
            <>
              <dt className="text-muted-foreground">Error</dt>
              <dd>{run.errorMessage}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="mt-1 text-muted-foreground">No particular run.</p>
      )}
      <Link
        to={screenPath("/my-automations/:id", { id: ticket.automationId })}
        className="mt-3 inline-block underline underline-offset-4"
      >
        Open {ticket.automationName ?? "the automation"} and its runs
      </Link>
    </section>
  );
}
