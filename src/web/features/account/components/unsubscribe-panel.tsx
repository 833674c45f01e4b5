import { MailX } from "lucide-react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toApiError } from "../../../lib/api";
import { useUnsubscribeLink } from "../api/get-unsubscribe-link";
import { useUnsubscribeByLink } from "../api/unsubscribe-by-link";
import type { UnsubscribeTopic } from "../../../../shared/notifications";

const WHAT: Record<UnsubscribeTopic, { name: string; button: string }> = {
  alerts: { name: "alert emails about your automations", button: "Stop alert emails" },
  digest: { name: "the weekly digest", button: "Stop the weekly digest" },
  report: { name: "the monthly report", button: "Stop the monthly report" },
};

const preferencesLink = (
  <Link to={`${screenPath("/account")}#notifications`} className="font-medium text-primary hover:underline">
    Email preferences in your account
  </Link>
);

/** An email's unsubscribe link: says what it stops, and stops it with one click, without signing in. */
export function UnsubscribePanel({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribeByLink(token);
  const failure = unsubscribe.error ? toApiError(unsubscribe.error).message : null;

  if (link.isPending) return <Skeleton className="h-64" />;
  if (link.isError) {
    return (
      <Card>
        <CardHeader>
          <MailX className="mb-2 size-9 text-primary" aria-hidden />
          <CardTitle as="h1">This unsubscribe link is not valid</CardTitle>
          <CardDescription>
            It may have been cut short when it was copied. Open it again from the email, or sign in and choose which
            emails you get.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm">{preferencesLink}</p>
        </CardContent>
      </Card>
    );
  }
  const { email, topic, unsubscribed } = link.data;
  return (
    <Card>
      <CardHeader>
        <MailX className="mb-2 size-9 text-primary" aria-hidden />
        <CardTitle as="h1">{unsubscribed ? "You are unsubscribed" : `Unsubscribe from ${WHAT[topic].name}?`}</CardTitle>
        <CardDescription>
          {unsubscribed
            ? `We no longer send ${WHAT[topic].name} to ${email}. Your other email settings are unchanged.`
            : `This stops ${WHAT[topic].name} to ${email}, and changes nothing else. No sign-in needed.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {unsubscribed ? null : (
          <Button className="self-start" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            {WHAT[topic].button}
          </Button>
        )}
        <p className="text-sm text-muted-foreground">
          {unsubscribed ? "Changed your mind? Turn it back on in " : "To choose in more detail, use "}
          {preferencesLink}.
        </p>
      </CardContent>
    </Card>
  );
}
