import { ChevronRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { plural } from "../../../lib/format";
import { useAdminOverview } from "../api/get-admin-overview";

interface Item {
  to: string;
  count: number;
  word: string;
  what: string;
  /** Shown when the count is not zero: a red or amber edge, repeated by the words. */
  urgent: string;
}

/** Staff's own home: what needs them today, and the way to the agency dashboard. */
export function StaffSummary() {
  const overview = useAdminOverview();
  const o = overview.data;
  const items: Item[] = o
    ? [
        {
          to: screenPath("/admin/automations", { kind: "failing" }),
          count: o.automations.failing,
          word: "automation",
          what: "failing",
          urgent: "border-l-destructive",
        },
        {
          to: screenPath("/admin/automations", { kind: "stale" }),
          count: o.automations.stale,
          word: "automation",
          what: "stale",
          urgent: "border-l-warning",
        },
        {
          to: screenPath("/admin/leads", { status: "new" }),
          count: o.newLeads,
          word: "new lead",
          what: "to answer",
          urgent: "border-l-warning",
        },
        {
          to: screenPath("/admin/emails"),
          count: o.undeliveredMail,
          word: "email",
          what: "undelivered",
          urgent: "border-l-destructive",
        },
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <ShieldCheck className="size-4" aria-hidden /> Agency
        </CardDescription>
        <CardTitle>Needs your attention</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {overview.isError ? <Alert tone="error">{overview.error.message}</Alert> : null}
        {o ? (
          <ul className="grid gap-2 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={cn(
                    "flex items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm hover:bg-accent",
                    "focus-visible:outline-2 focus-visible:outline-ring",
                    item.count > 0 && `border-l-4 ${item.urgent}`,
                  )}
                >
                  <span>
                    <span className="font-semibold tabular-nums">{plural(item.count, item.word)}</span> {item.what}
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        ) : overview.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : null}
        <div>
          <Link to={screenPath("/admin")} className={buttonClasses("default")}>
            Open the agency dashboard
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
