import { Building2 } from "lucide-react";
import { passedSecondFactor } from "../../../shared/second-factor";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useMe } from "../../features/account/api/get-me";
import { StaffSummary } from "../../features/admin/components/staff-summary";
import { useAuth } from "../../features/auth/auth-context";
import { PlanUsageCard } from "../../features/billing/components/plan-usage-card";
import { TeamCard } from "../../features/companies/components/team-card";
import { DashboardOverview } from "../../features/dashboard/components/dashboard-overview";
import { HoursUsageLine } from "../../features/hours/components/hours-usage-line";

export function Component() {
  const me = useMe();
  const { user, session } = useAuth();
  const firstName = me.data?.user.name.split(" ")[0];
  const isStaff = me.data?.user.role === "admin";
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome, ${firstName}.` : "Welcome to your Cogwork portal."}
      />
      {me.isError ? <Alert tone="error">{me.error.message}</Alert> : null}
      {me.data ? (
        <div className="flex flex-col gap-6">
          {/* Staff belong to no client company: their home is what the agency needs of them today. */}
          {isStaff ? <StaffSummary /> : <DashboardOverview />}
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardDescription className="flex items-center gap-2">
                  <Building2 className="size-4" aria-hidden /> {isStaff ? "Account" : "Company"}
                </CardDescription>
                <CardTitle>{me.data.company?.name ?? "Cogwork agency staff"}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">
                {me.data.viewingAs
                  ? `You see this company's portal as its owner does, read only. Signed in as ${me.data.user.email}.`
                  : me.data.company
                    ? `You are the ${me.data.company.role} of this company's portal. Signed in as ${me.data.user.email}.`
                    : `Signed in as ${me.data.user.email}.`}
              </CardContent>
            </Card>
            {!isStaff && me.data.company ? (
              <TeamCard
                isOwner={me.data.company.role === "owner"}
                ownerPassedSecondFactor={Boolean(user && session && passedSecondFactor(user, session))}
              />
            ) : null}
            {!isStaff && me.data.company ? (
              <PlanUsageCard>
                <HoursUsageLine />
              </PlanUsageCard>
            ) : null}
          </div>
        </div>
      ) : me.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </>
  );
}
