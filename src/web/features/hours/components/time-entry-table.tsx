import { APPROVAL_LABELS, formatMinutes } from "../../../../shared/hours-labels";
import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import type { TStaffTimeEntry, TTimeEntry } from "../../../../shared/hours";
import type { ReactNode } from "react";

const linkedTo = (entry: TTimeEntry) =>
  entry.ticket ? `Ticket: ${entry.ticket.subject}` : entry.planItem ? `Plan item: ${entry.planItem.title}` : "General";

const isStaffEntry = (entry: TTimeEntry): entry is TStaffTimeEntry => "internalNote" in entry;

/** The period's entries: date, what, who, duration, what it was for; staff also read the internal note. */
export function TimeEntryTable({
  entries,
  label,
  actions,
}: {
  entries: TTimeEntry[];
  label: string;
  actions?: (entry: TTimeEntry) => ReactNode;
}) {
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>What</TableHead>
          <TableHead>Who</TableHead>
          <TableHead className="text-right">Duration</TableHead>
          <TableHead>For</TableHead>
          {actions ? <TableHead>Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">{formatDate(entry.day)}</TableCell>
            <TableCell>
              <span>{entry.description}</span>
              {isStaffEntry(entry) && entry.internalNote ? (
                <span className="block text-xs text-muted-foreground">Internal note: {entry.internalNote}</span>
              ) : null}
              {entry.approval ? (
                <Badge variant={entry.approval === "approved" ? "success" : "warning"} className="ml-2">
                  {APPROVAL_LABELS[entry.approval]}: {formatMinutes(entry.extraMinutes)}
                </Badge>
              ) : null}
              {!entry.billable ? (
                <Badge variant="secondary" className="ml-2">
                  Not billed
                </Badge>
              ) : null}
            </TableCell>
            <TableCell>{entry.by ?? "—"}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMinutes(entry.minutes)}</TableCell>
            <TableCell>{linkedTo(entry)}</TableCell>
            {actions ? <TableCell>{actions(entry)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
