import { Link } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { buttonClasses } from "../../components/ui/button";
import { OverviewTiles } from "../../features/admin/components/overview-tiles";
import { AuditLogFeed } from "../../features/audit/components/audit-log-feed";
import { MrrTile } from "../../features/billing/components/mrr-tile";
import { StaffHoursOverview } from "../../features/hours/components/staff-hours-overview";
import { TicketTiles } from "../../features/support/components/ticket-tiles";

export function Component() {
  return (
    <>
      <PageHeader
        title="Agency dashboard"
        description="Clients, sign-ups, automation health and what is waiting for you, across every client."
      />
      <div className="flex flex-col gap-10">
        <OverviewTiles />
        <TicketTiles />
        <StaffHoursOverview />
        <MrrTile />
        <section aria-labelledby="latest-changes" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="latest-changes" className="text-lg font-semibold tracking-tight">
              Latest changes
            </h2>
            <Link to="/admin/audit-log" className={buttonClasses("link")}>
              Open the audit log
            </Link>
          </div>
          <AuditLogFeed limit={8} />
        </section>
      </div>
    </>
  );
}
