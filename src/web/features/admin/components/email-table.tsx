import { MailCheck, RotateCw } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pager } from "../../../components/ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { toApiError } from "../../../lib/api";
import { formatDateTime, plural } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useEmails, type EmailListStatus } from "../api/list-emails";
import { useRetryEmail } from "../api/retry-email";
import type { TOutboxEmail } from "../../../../shared/admin";

const sticky = "sticky left-0 z-10 bg-card";

function RetryButton({ email }: { email: TOutboxEmail }) {
  const retry = useRetryEmail();
  const send = () =>
    retry.mutate(email.id, {
      onSuccess: () => toast.success(`The email to ${email.to} is queued to be sent again.`),
      onError: (error) => toast.error(toApiError(error).message),
    });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={send}
      disabled={retry.isPending}
      aria-label={`Retry the email to ${email.to}`}
    >
      <RotateCw aria-hidden /> {retry.isPending ? "Retrying..." : "Retry"}
    </Button>
  );
}

/** Emails the outbox gave up on (or that wait for their next attempt), with "Retry" on the undelivered ones. */
export function EmailTable({
  status,
  page,
  onPage,
}: {
  status: EmailListStatus;
  page: number;
  onPage: (page: number) => void;
}) {
  const query = useEmails(status, page);
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  const { emails, total, pageSize } = query.data;
  if (total === 0)
    return (
      <EmptyState
        icon={<MailCheck />}
        title={status === "failed" ? "Every email was delivered" : "No email is waiting"}
      >
        {status === "failed"
          ? "When the mail server refuses a message at every attempt, it is listed here so you can send it again."
          : "Messages waiting for their next attempt are listed here."}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {plural(total, "email")} {status === "failed" ? "undelivered" : "waiting"}
      </p>
      <Table label={status === "failed" ? "Undelivered emails" : "Emails waiting to be sent"}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className={sticky}>
              To
            </TableHead>
            <TableHead scope="col">Subject</TableHead>
            <TableHead scope="col">Kind</TableHead>
            <TableHead scope="col">Attempts</TableHead>
            <TableHead scope="col">Last error</TableHead>
            <TableHead scope="col">Created</TableHead>
            {status === "failed" ? (
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {emails.map((email) => (
            <TableRow key={email.id}>
              <TableHead scope="row" className={`${sticky} font-medium break-all`}>
                {email.to}
              </TableHead>
              <TableCell className="min-w-48">{email.subject}</TableCell>
              <TableCell>
                <code className="text-xs">{email.kind}</code>
              </TableCell>
              <TableCell className="tabular-nums">{email.attempts}</TableCell>
              <TableCell className="max-w-sm min-w-56 break-words text-muted-foreground">
                {email.lastError ?? "—"}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
              </TableCell>
              {status === "failed" ? (
                <TableCell>
                  <RetryButton email={email} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager label="Pages of emails" page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </div>
  );
}
