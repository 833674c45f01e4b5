import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { passedSecondFactor } from "../../../shared/second-factor";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useMe } from "../../features/account/api/get-me";
import { useAuth } from "../../features/auth/auth-context";
import { getDashboardQueryOptions } from "../../features/dashboard/api/get-dashboard";
import { DashboardOverview } from "../../features/dashboard/components/dashboard-overview";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { useHydrated } from "../../lib/use-hydrated";
import type { TGetMeResponse } from "../../../shared/me";

// Staff only: a client's dashboard does not download the agency's summary and its fetchers.
const StaffSummary = lazy(() =>
  import("../../features/admin/components/staff-summary").then((module) => ({ default: module.StaffSummary })),
);

// A client's team and plan cards show below the figures, once those have come: not in the first
// download, and asked for as soon as the account is known, so they arrive alongside the figures.
const ClientCards = lazyWithPreload(() => import("./secure-dashboard-cards").then((module) => module.ClientCards));

export function Component() {
  const me = useMe();
  const { user, session } = useAuth();
  const firstName = me.data?.user.name.split(" ")[0];
  const isStaff = me.data?.user.role === "admin";
  const overviewSettled = useFiguresSettled(Boolean(me.data) && !isStaff) || isStaff;
  const clientCompany = Boolean(!isStaff && me.data?.company);
  useEffect(() => {
    if (clientCompany) ClientCards.preload().catch(() => undefined);
  }, [clientCompany]);
  // The parts that load on their own render in the browser only: a page rendered on the server
  // shows them once it has hydrated, whatever the server had loaded by then.
  const hydrated = useHydrated();
  const loading = <p className="text-muted-foreground">Loading...</p>;
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
          {isStaff ? (
            <Suspense fallback={loading}>{hydrated ? <StaffSummary /> : loading}</Suspense>
          ) : (
            <DashboardOverview />
          )}
          <div className={overviewSettled ? "grid gap-4 md:grid-cols-2" : "hidden"}>
            <CompanyCard me={me.data} isStaff={isStaff} />
            {!isStaff && me.data.company && hydrated ? (
              <Suspense fallback={null}>
                <ClientCards ownerPassedSecondFactor={Boolean(user && session && passedSecondFactor(user, session))} />
              </Suspense>
            ) : null}
          </div>
        </div>
      ) : me.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </>
  );
}

/**
 * Whether a client's figures have come (or failed). The cards below them show only then: arriving
 * first, they would be pushed down the screen when the figures came (a layout shift). They stay
 * mounted meanwhile, so that their own data loads alongside.
 */
function useFiguresSettled(enabled: boolean) {
  const overview = useQuery({ ...getDashboardQueryOptions(), enabled });
  return overview.data !== undefined || overview.isError;
}

/** Whose portal this is, and who is signed in to it. */
function CompanyCard({ me, isStaff }: { me: TGetMeResponse; isStaff: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Building2 className="size-4" aria-hidden /> {isStaff ? "Account" : "Company"}
        </CardDescription>
        <CardTitle>{me.company?.name ?? "Cogwork agency staff"}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {me.viewingAs
          ? `You see this company's portal as its owner does, read only. Signed in as ${me.user.email}.`
          : me.company
            ? `You are the ${me.company.role} of this company's portal. Signed in as ${me.user.email}.`
            : `Signed in as ${me.user.email}.`}
      </CardContent>
    </Card>
  );
}
