import { formatInvoiceMoney, formatTaxRate } from "../../../../shared/billing-labels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import type { TUpcomingInvoice } from "../../../../shared/billing";

const whenIssued = (upcoming: TUpcomingInvoice) =>
  upcoming.issuesOn
    ? `Issued on ${formatDate(upcoming.issuesOn)}, as things stand now: a change of plan or an approved charge shows here at once.`
    : "No period invoice is due: these charges go on the next invoice the agency issues.";

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
                  <TableCell>{line.description}</TableCell>
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
