import { Users } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useAcceptInvitation } from "../api/accept-invitation";

/** Joins the company of an emailed invitation, for the signed-in user whose address it was sent to. */
export function AcceptInvitationCard({ token, email }: { token: string | null; email: string }) {
  const mutation = useAcceptInvitation();
  return (
    <Card>
      <CardHeader>
        <Users className="mb-2 size-8 text-primary" aria-hidden />
        <CardTitle as="h1">Join your team on Cogwork</CardTitle>
        <CardDescription>
          You are signed in as {email}. Accepting moves your account into the company that invited you, so you see its
          automations.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!token ? (
          <Alert tone="error">This invitation link is incomplete. Open the link from the email again.</Alert>
        ) : null}
        {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
        {mutation.isSuccess ? (
          <>
            <Alert tone="success">You joined {mutation.data.companyName}.</Alert>
            <Link to={screenPath("/secure-dashboard")} className={buttonClasses()}>
              Go to the dashboard
            </Link>
          </>
        ) : (
          <Button disabled={!token || mutation.isPending} onClick={() => token && mutation.mutate({ token })}>
            {mutation.isPending ? "Joining…" : "Accept the invitation"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
