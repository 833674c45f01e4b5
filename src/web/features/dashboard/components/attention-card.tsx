import { AlertTriangle, MailWarning } from "lucide-react";
import { Link } from "react-router";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { screenPath } from "../../../../shared/routes";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate, relativeTime } from "../../../lib/format";
import type { TGetDashboardResponse } from "../../../../shared/dashboard";
import type { ReactNode } from "react";

/** One thing waiting on the reader: what it is, a link to it, and why it waits. */
function Item({ badge, to, title, children }: { badge: ReactNode; to: string; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      {badge}
      <Link to={to} className="font-medium hover:underline">
        {title}
      </Link>
      <span className="text-muted-foreground">{children}</span>
    </li>
  );
}

/** "Needs your attention": failing and stale automations, proposals, tickets and invoices waiting on the client. */
export function AttentionCard({ data: d }: { data: TGetDashboardResponse }) {
  const waiting = d.attention.length + d.proposalsAwaiting.length + d.ticketsWaiting.length + d.invoicesUnpaid.length;
  if (!d.emailUnconfirmed && waiting === 0) return null;
  return (
    <section aria-labelledby="attention-heading">
      <Card className="border-warning/60">
        <CardHeader>
          <CardTitle id="attention-heading" className="flex items-center gap-2 text-lg">
            <AlertTriangle className="size-5 text-warning" aria-hidden /> Needs your attention
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3 text-sm">
            {d.attention.map((item) => (
              <Item
                key={item.automationId}
                badge={
                  <StatusBadge tone={item.status === "failing" ? "danger" : "warning"}>
                    {item.status === "failing" ? "Failing" : "Stale"}
                  </StatusBadge>
                }
                to={screenPath("/my-automations/:id", { id: item.automationId })}
                title={item.name}
              >
                {item.detail}
                {item.since ? ` Since ${relativeTime(item.since)}.` : ""}
              </Item>
            ))}
            {d.proposalsAwaiting.map((item) => (
              <Item
                key={item.itemId}
                badge={<StatusBadge tone="warning">Proposal</StatusBadge>}
                to={screenPath("/automation-plan/:id", { id: item.itemId })}
                title={item.title}
              >
                Version {item.version} waits for your approval, since {relativeTime(item.since)}.
              </Item>
            ))}
            {d.ticketsWaiting.map((item) => (
              <Item
                key={item.ticketId}
                badge={<StatusBadge tone="warning">Waiting on you</StatusBadge>}
                to={screenPath("/support/:id", { id: item.ticketId })}
                title={item.subject}
              >
                The agency replied {relativeTime(item.since)}.
              </Item>
            ))}
            {d.invoicesUnpaid.map((item) => (
              <Item
                key={item.invoiceId}
                badge={
                  <StatusBadge tone={item.overdue ? "danger" : "warning"}>
                    {item.overdue ? "Overdue" : "Unpaid"}
                  </StatusBadge>
                }
                to={screenPath("/billing/invoices/:id", { id: item.invoiceId })}
                title={`Invoice ${item.number}`}
              >
                {formatInvoiceMoney(item.totalMinor, item.currency)}
                {item.dueAt ? `, ${item.overdue ? "was due" : "due"} ${formatDate(item.dueAt)}.` : "."}
              </Item>
            ))}
            {d.emailUnconfirmed ? (
              <li className="flex items-center gap-2">
                <MailWarning className="size-4 text-warning" aria-hidden /> Your email address is not confirmed yet.
                Check your inbox for the confirmation link.
              </li>
            ) : null}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
