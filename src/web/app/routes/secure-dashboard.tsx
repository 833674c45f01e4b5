import { Building2, MailWarning, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { useMe } from "../../features/account/api/me";

export function Component() {
  const me = useMe();
  const firstName = me.data?.user.name.split(" ")[0];
  return (
    <>
      <PageHeader title="Dashboard" description={firstName ? `Welcome, ${firstName}.` : "Welcome to your Cogwork portal."} />
      {me.isError ? <Alert tone="error">{me.error.message}</Alert> : null}
      {me.data ? (
        <div className="flex flex-col gap-6">
          {!me.data.user.emailVerified ? (
            <Alert tone="info">
              <MailWarning className="mr-2 inline size-4" aria-hidden />
              Your email address is not confirmed yet. Check your inbox for the confirmation link.
            </Alert>
          ) : null}
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardDescription className="flex items-center gap-2">
                  <Building2 className="size-4" aria-hidden /> {me.data.user.role === "admin" ? "Account" : "Company"}
                </CardDescription>
                <CardTitle>{me.data.company?.name ?? "Cogwork agency staff"}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">
                {me.data.company
                  ? `You are the ${me.data.company.role} of this company's portal. Signed in as ${me.data.user.email}.`
                  : `Signed in as ${me.data.user.email}.`}
              </CardContent>
            </Card>
            {me.data.user.role === "admin" ? (
              <Card>
                <CardHeader>
                  <CardDescription className="flex items-center gap-2">
                    <ShieldCheck className="size-4" aria-hidden /> Agency
                  </CardDescription>
                  <CardTitle>Agency dashboard</CardTitle>
                </CardHeader>
                <CardContent>
                  <Link to="/admin" className={buttonClasses("default")}>
                    Open the agency dashboard
                  </Link>
                </CardContent>
              </Card>
            ) : null}
          </div>
          {me.data.user.role === "client" ? (
            <EmptyState icon={<Sparkles />} title="Your first automation is on its way">
              Once the agency has built and switched on your first automation, this dashboard shows the hours and money it saves you, how
              often it runs and anything that needs your attention. Tell us what to automate first in the{" "}
              <Link to="/automation-plan" className="font-medium text-primary hover:underline">
                automation plan
              </Link>
              .
            </EmptyState>
          ) : null}
        </div>
      ) : me.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </>
  );
}
