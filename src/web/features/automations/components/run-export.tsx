import { Download } from "lucide-react";
import { useId, useState } from "react";
import { daysAgo, dayOf } from "../../../../shared/days";
import { buttonClasses } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { exportRunsUrl } from "../api/export-runs";

/** The automation's runs of a range of days as a CSV file (the last 30 days unless changed). */
export function RunExport({ automationId }: { automationId: string }) {
  const ids = { heading: useId(), from: useId(), to: useId(), note: useId() };
  const [range, setRange] = useState(() => {
    const now = new Date();
    return { from: daysAgo(now, 30), to: dayOf(now) };
  });
  const backwards = Boolean(range.from && range.to && range.from > range.to);
  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id={ids.heading} className="text-base font-semibold">
        Download runs
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.from} className="text-sm font-medium">
            First day (UTC)
          </label>
          <Input
            id={ids.from}
            type="date"
            className="sm:w-44"
            value={range.from}
            max={range.to || undefined}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.to} className="text-sm font-medium">
            Last day (UTC)
          </label>
          <Input
            id={ids.to}
            type="date"
            className="sm:w-44"
            value={range.to}
            min={range.from || undefined}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
        {backwards ? (
          <p id={ids.note} role="alert" className="text-sm text-destructive">
            The first day is after the last day.
          </p>
        ) : (
          <a
            href={exportRunsUrl(automationId, range)}
            download
            className={buttonClasses("outline")}
            aria-describedby={ids.note}
          >
            <Download aria-hidden /> Download runs as CSV
          </a>
        )}
      </div>
      {backwards ? null : (
        <p id={ids.note} className="text-sm text-muted-foreground">
          Every run started on those days, oldest first, one row each; opens in any spreadsheet.
        </p>
      )}
    </section>
  );
}
