import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useAdminOverview } from "../../features/admin/api/get-admin-overview";

function Overview() {
  const overview = useAdminOverview();
  if (overview.isError) return <Alert tone="error">{overview.error.message}</Alert>;
  if (!overview.data) return <p className="text-muted-foreground">Loading...</p>;
  const figures = [
    { label: "Client companies", value: overview.data.companies },
    { label: "Client users", value: overview.data.clients },
    { label: "Sign-ups in the last 7 days", value: overview.data.signUpsLast7Days },
    { label: "Users who have not confirmed their email", value: overview.data.unconfirmedUsers },
    { label: "Staff accounts", value: overview.data.staff },
    { label: "Emails that could not be delivered", value: overview.data.undeliveredMail },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {figures.map((figure) => (
        <Card key={figure.label}>
          <CardHeader>
            <CardDescription>
              <dt>{figure.label}</dt>
            </CardDescription>
            <CardTitle className="text-3xl">
              <dd>{figure.value.toLocaleString()}</dd>
            </CardTitle>
          </CardHeader>
        </Card>
      ))}
    </dl>
  );
}

export function Component() {
  return (
    <>
      <PageHeader title="Agency dashboard" description="Clients, sign-ups and the health of the portal at a glance." />
      <Overview />
    </>
  );
}
