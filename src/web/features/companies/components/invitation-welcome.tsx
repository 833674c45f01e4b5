import { Users } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toApiError } from "../../../lib/api";
import { usePreviewInvitation } from "../api/preview-invitation";
import type { TPreviewInvitationResponse } from "../../../../shared/companies";
import type { ReactNode } from "react";

/** Where a person with an account goes to sign in, and comes back to this invitation. */
const signInPath = (token: string) =>
  screenPath("/secure-login", { next: screenPath("/accept-invitation", { token }) });

/**
 * A signed-out visitor's invitation: which company invites them, the form that makes their
 * account in it (`signUp`, from the auth feature), and the way in for one who has an account.
 */
export function InvitationWelcome({
  token,
  signUp,
}: {
  token: string | null;
  signUp: (invitation: TPreviewInvitationResponse & { token: string }) => ReactNode;
}) {
  const preview = usePreviewInvitation(token);
  return (
    <Card>
      <CardHeader>
        <Users className="mb-2 size-8 text-primary" aria-hidden />
        <CardTitle as="h1">
          {preview.data ? `Join ${preview.data.companyName} on Cogwork` : "Join your team on Cogwork"}
        </CardTitle>
        <CardDescription>
          {preview.data ? (
            <>
              This invitation was sent to <strong className="text-foreground">{preview.data.email}</strong>. Create your
              account to see {preview.data.companyName}&apos;s automations, plan and billing.
            </>
          ) : (
            "An invitation lets you into your company's portal."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!token ? (
          <Alert tone="error">This invitation link is incomplete. Open the link from the email again.</Alert>
        ) : null}
        {preview.isPending && token ? <p role="status">Checking the invitation…</p> : null}
        {preview.isError ? <Alert tone="error">{toApiError(preview.error).message}</Alert> : null}
        {preview.data && token ? signUp({ ...preview.data, token }) : null}
        {token ? (
          <p className="text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link to={signInPath(token)} className="font-medium text-primary hover:underline">
              Sign in to accept the invitation
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
