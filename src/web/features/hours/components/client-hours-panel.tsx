import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatMinutes } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useClientHours } from "../api/get-hours";
import { useDeleteTimeEntry } from "../api/hours-actions";
import { EditEntryForm } from "./edit-entry-form";
import { BurnDown, HoursFigures } from "./hours-figures";
import { HoursTermsForm } from "./hours-terms-form";
import { LogTimeForm } from "./log-time-form";
import { TimeEntryTable } from "./time-entry-table";
import type { TTimeEntry } from "../../../../shared/hours";

const SOURCE: Record<string, string> = {
  plan: "Terms of the client's plan.",
  override: "The client's own terms, set by staff.",
  none: "No plan: nothing is included and nothing is billed.",
};

/** An entry's corrections until its period is invoiced; after that, why it cannot change. */
function EntryActions({
  entry,
  deleting,
  onEdit,
  onDelete,
}: {
  entry: TTimeEntry;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (entry.locked) return <span className="text-xs whitespace-nowrap text-muted-foreground">Invoiced: locked</span>;
  const what = `${formatMinutes(entry.minutes)} on ${formatDate(entry.day)}, ${entry.description}`;
  return (
    <span className="flex gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit entry: ${what}`} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete entry: ${what}`} disabled={deleting} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </span>
  );
}

/**
 * Staff on a client's Billing tab: this period's hours, every entry with its internal note, a way to
 * log time, correct or delete an entry until its period is invoiced, and the client's hours terms.
 */
export function ClientHoursPanel({ companyId }: { companyId: string }) {
  const query = useClientHours(companyId);
  const remove = useDeleteTimeEntry();
  const [editing, setEditing] = useState<string | null>(null);
  if (query.isError) return <Alert tone="error">{toApiError(query.error).message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading hours...</p>;
  const { hours, entries, source } = query.data;
  const editingEntry = entries.find((entry) => entry.id === editing && !entry.locked) ?? null;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Hours this period</CardTitle>
        <CardDescription>
          {formatDate(hours.firstDay)} to {formatDate(hours.lastDay)}: {formatMinutes(hours.usedMinutes)} used of{" "}
          {formatMinutes(hours.includedMinutes + hours.rolledOverMinutes)}. {SOURCE[source]}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <HoursFigures hours={hours} />
        {hours.awaitingMinutes > 0 ? (
          <p className="text-sm">
            {formatMinutes(hours.awaitingMinutes)} of extra work is awaiting the owner's approval.
          </p>
        ) : null}
        <BurnDown hours={hours} />
        <details className="rounded-md border px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium">Edit hours terms</summary>
          <div className="pt-4">
            <HoursTermsForm
              key={JSON.stringify(hours.terms) + source}
              companyId={companyId}
              terms={hours.terms}
              currency={hours.currency}
              ownTerms={source === "override"}
            />
          </div>
        </details>
        <LogTimeForm companyId={companyId} today={today < hours.lastDay ? today : hours.lastDay} />
        {editingEntry ? (
          <EditEntryForm
            key={editingEntry.id}
            entry={editingEntry}
            today={today < hours.lastDay ? today : hours.lastDay}
            onDone={() => setEditing(null)}
          />
        ) : null}
        {remove.isError ? <Alert tone="error">{toApiError(remove.error).message}</Alert> : null}
        {entries.length > 0 ? (
          <TimeEntryTable
            label="Time logged this period"
            entries={entries}
            actions={(entry) => (
              <EntryActions
                entry={entry}
                deleting={remove.isPending}
                onEdit={() => setEditing(entry.id)}
                onDelete={() => remove.mutate(entry.id)}
              />
            )}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No time logged this period yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
