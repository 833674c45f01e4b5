import { formatInvoiceMoney, formatTaxRate } from "../../../../shared/billing-labels";
import { formatMinutes } from "../../../../shared/hours-labels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import type { TUpcomingInvoice } from "../../../../shared/billing";

type Line = TUpcomingInvoice["lines"][number];
const byCard = (line: Line) => line.accruing?.billedBy === "card";

function whenIssued(upcoming: TUpcomingInvoice) {
  if (upcoming.issuesOn)
    return `Issued on ${formatDate(upcoming.issuesOn)}, as things stand now: a change of plan or an approved charge shows here at once.`;
  if (upcoming.lines.every(byCard))
    return "Your card is charged for these extra hours through Stripe after the current period ends.";
  return "No period invoice is due: these charges go on the next invoice the agency issues.";
}

/** What an accruing line of extra hours is: the figure so far, and what it leaves out. */
function accruingNote(line: Line) {
  if (!line.accruing) return null;
  const when =
    line.accruing.billedBy === "card" ? "charged to your card after the period ends" : "final when the period ends";
  const awaiting =
    line.accruing.awaitingMinutes > 0
      ? ` ${formatMinutes(line.accruing.awaitingMinutes)} awaiting your approval is not included: it is not billed unless you approve it.`
      : "";
  return `Accruing: the extra hours so far this period, ${when}.${awaiting}`;
}

/** What the next invoice holds as of now, line by line, with its date and total. */
export function UpcomingInvoice({ upcoming }: { upcoming: TUpcomingInvoice | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Next invoice</CardTitle>
        <CardDescription>{upcoming ? whenIssued(upcoming) : "Nothing is waiting to be billed."}</CardDescription>
      </CardHeader>
      {upcoming ? (
        <CardContent>
          <Table label="Next invoice">
            <TableHeader>
              <TableRow>
                <TableHead>Description</TableHead>
                <TableHead className="text-right">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {upcoming.lines.map((line, index) => (
                <TableRow key={`${index}-${line.description}`}>
                  <TableCell>
                    {line.description}
                    {line.accruing ? (
                      <span className="block text-sm text-muted-foreground">{accruingNote(line)}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatInvoiceMoney(line.amountMinor, upcoming.currency)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell>Tax {formatTaxRate(upcoming.taxRateBp)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatInvoiceMoney(upcoming.taxMinor, upcoming.currency)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell className="font-semibold">Total</TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  {formatInvoiceMoney(upcoming.totalMinor, upcoming.currency)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </CardContent>
      ) : null}
    </Card>
  );
}
