import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { cn } from "../../../lib/cn";
import { count } from "../../../lib/format";
import { useTicketStats } from "../api/ticket-stats";

function Tile({
  to,
  label,
  value,
  detail,
  warn,
}: {
  to: string;
  label: string;
  value: number;
  detail: string;
  warn?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          "flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          warn && value > 0 && "border-l-4 border-l-destructive",
        )}
      >
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="mt-1 text-3xl font-semibold tabular-nums">{count(value)}</span>
        <span className="mt-1 text-xs text-muted-foreground">{detail}</span>
      </Link>
    </li>
  );
}

/** /admin: open tickets by age, and tickets past an SLA target; each tile opens the queue. */
export function TicketTiles() {
  const stats = useTicketStats();
  if (stats.isError) return <Alert tone="error">{stats.error.message}</Alert>;
  if (!stats.data) return <p className="text-muted-foreground">Loading...</p>;
  const { openByAge: age, breaches } = stats.data;
  const open = screenPath("/admin/tickets", { status: "active" });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="Open tickets by age" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold tracking-tight">Open tickets by age</h2>
        <ul className="grid grid-cols-2 gap-3">
          <Tile to={open} label="Under a day" value={age.underOneDay} detail="opened in the last 24 hours" />
          <Tile to={open} label="1 to 3 days" value={age.oneToThreeDays} detail="still open" />
          <Tile to={open} label="3 to 7 days" value={age.threeToSevenDays} detail="still open" />
          <Tile to={open} label="Over a week" value={age.overSevenDays} detail="still open" warn />
        </ul>
      </section>
      <section aria-label="SLA breaches" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold tracking-tight">SLA breaches</h2>
        <ul className="grid grid-cols-2 gap-3">
          <Tile
            to={screenPath("/admin/tickets", { status: "active", breached: true })}
            label="First response late"
            value={breaches.firstResponse}
            detail="open tickets answered late or not yet"
            warn
          />
          <Tile
            to={screenPath("/admin/tickets", { status: "active", breached: true })}
            label="Resolution late"
            value={breaches.resolution}
            detail="open tickets past their resolution target"
            warn
          />
        </ul>
      </section>
    </div>
  );
}
