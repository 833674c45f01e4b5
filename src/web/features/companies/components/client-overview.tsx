import { Building2, Users } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate, money } from "../../../lib/format";
import type { TGetClientCompanyResponse } from "../../../../shared/client-detail";
import type { ReactNode } from "react";

/**
 * The Overview tab: the company's contacts and settings, then its dashboard figures as the client
 * sees them (passed in, so that this feature needs nothing of the dashboard's).
 */
export function ClientOverview({ detail, figures }: { detail: TGetClientCompanyResponse; figures: ReactNode }) {
  const { company, members, counts } = detail;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Users className="size-4" aria-hidden /> Contacts
            </CardDescription>
            <CardTitle className="text-lg">Who to talk to</CardTitle>
          </CardHeader>
          <CardContent>
            {members.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody has joined yet; see the Members tab.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {members.map((member) => (
                  <li key={member.userId} className="min-w-0">
                    <span className="font-medium">{member.name || member.email}</span>{" "}
                    <span className="text-muted-foreground">({member.role})</span>
                    <br />
                    <a href={`mailto:${member.email}`} className="break-all text-primary hover:underline">
                      {member.email}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Building2 className="size-4" aria-hidden /> Company
            </CardDescription>
            <CardTitle className="text-lg">Settings</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Hourly value</dt>
              <dd>
                {money(company.hourlyValueMinor, company.currency)} per hour{" "}
                <span className="text-muted-foreground">(set by the client's owner)</span>
              </dd>
              <dt className="text-muted-foreground">Currency</dt>
              <dd>{company.currency}</dd>
              <dt className="text-muted-foreground">Client since</dt>
              <dd>{formatDate(company.createdAt)}</dd>
              <dt className="text-muted-foreground">Automations</dt>
              <dd>
                {counts.automationsLive} live of {counts.automations}
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="client-dashboard-heading" className="flex flex-col gap-4">
        <h2 id="client-dashboard-heading" className="text-lg font-semibold">
          Their dashboard, as the client sees it
        </h2>
        {figures}
      </section>
    </div>
  );
}
