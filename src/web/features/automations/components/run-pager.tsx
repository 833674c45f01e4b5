import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";

/**
 * Through the runs a page at a time, by the cursors the API gives (never by page number, so
 * a page deep in a year of runs is as quick as the first): back to the newest, newer, older,
 * and a jump to a day (the runs of that day and before, newest first: the To date of the filters).
 */
export function RunPager({
  olderCursor,
  newerCursor,
  to,
  update,
}: {
  olderCursor: string | null;
  newerCursor: string | null;
  to?: string;
  update: (changes: Record<string, string | undefined>) => void;
}) {
  const dayId = useId();
  return (
    <nav aria-label="Pages of runs" className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!newerCursor}
          onClick={() => update({ before: undefined, after: undefined })}
        >
          Newest runs
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!newerCursor}
          onClick={() => update({ before: undefined, after: newerCursor ?? undefined })}
        >
          Newer runs
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!olderCursor}
          onClick={() => update({ before: olderCursor ?? undefined, after: undefined })}
        >
          Older runs
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={dayId} className="text-sm font-medium">
          Jump to a day (UTC)
        </label>
        <Input
          id={dayId}
          type="date"
          className="sm:w-44"
          value={to ?? ""}
          onChange={(e) => update({ to: e.target.value || undefined, before: undefined, after: undefined })}
        />
      </div>
    </nav>
  );
}
