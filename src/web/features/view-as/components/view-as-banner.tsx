import { Eye } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { formatTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useEndViewAs } from "../api/end-view-as";
import type { TViewingAs } from "../../../../shared/view-as";

/**
 * Across the top of every portal screen while staff view a client company: who is viewed, that
 * nothing can be changed, and Exit (back to the company's page). When the hour is over, the
 * view is gone on the server; `onLapsed` refreshes the screens.
 */
export function ViewAsBanner({ viewingAs, onLapsed }: { viewingAs: TViewingAs; onLapsed: () => void }) {
  const navigate = useNavigate();
  const { companyId, companyName, until } = viewingAs;
  const end = useEndViewAs(() => navigate(screenPath("/clients/:id", { id: companyId })));

  useEffect(() => {
    // A timer's delay is at most 2^31 - 1 ms; a longer one would fire at once.
    const delay = Math.min(Math.max(0, Date.parse(until) - Date.now()) + 1000, 2 ** 31 - 1);
    const timer = window.setTimeout(onLapsed, delay);
    return () => window.clearTimeout(timer);
  }, [until, onLapsed]);

  // mutateAsync: the banner is gone (the view has ended) by the time the answer is handled.
  const exit = () => end.mutateAsync().catch((error: Error) => toast.error(error.message));
  return (
    <section
      aria-label="Viewing as client"
      className="flex flex-wrap items-center justify-between gap-3 border-b-4 border-amber-500 bg-amber-300 px-4 py-3 text-slate-950 sm:px-8 lg:col-span-2"
    >
      <p className="flex items-center gap-2 text-sm">
        <Eye className="size-5 shrink-0" aria-hidden />
        <span>
          <strong className="text-base">Viewing as {companyName} — read only</strong>
          <span className="hidden sm:inline"> · </span>
          <span className="block sm:inline">Changes are refused. The view ends at {formatTime(until)}.</span>
        </span>
      </p>
      <button
        type="button"
        onClick={exit}
        disabled={end.isPending}
        aria-label={`Exit the view of ${companyName}`}
        className="inline-flex h-9 items-center rounded-md bg-slate-950 px-4 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950 disabled:opacity-60"
      >
        {end.isPending ? "Exiting…" : "Exit"}
      </button>
    </section>
  );
}
