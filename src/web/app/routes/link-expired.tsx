import { LinkIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { RESEND_COOLDOWN_SECONDS } from "../../../shared/better-auth-requests";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useRequestPasswordReset } from "../../features/auth/api/request-password-reset";
import { useResendConfirmation } from "../../features/auth/api/resend-confirmation";
import { EmailRequestForm } from "../../features/auth/components/email-request-form";
import { AuthPageFrame } from "../layouts/auth-page-frame";

const HEADINGS = {
  expired: "This link has expired",
  used: "This link was already used",
  invalid: "This link is not valid",
} as const;

export function Component() {
  const [params] = useSearchParams();
  const resendConfirmation = useResendConfirmation();
  const requestPasswordReset = useRequestPasswordReset();
  const kind = params.get("link") === "reset" ? "reset" : "confirm";
  const reasonParam = params.get("reason");
  const reason = reasonParam === "expired" || reasonParam === "used" ? reasonParam : "invalid";

  useEffect(() => {
    document.title = "Link expired · Cogwork";
  }, []);

  const explanation =
    kind === "confirm"
      ? reason === "used"
        ? "Each confirmation link works once. If you already confirmed your email, sign in; otherwise ask for a new link below."
        : "Confirmation links work once and only for a limited time. Ask for a new one below and open the newest email."
      : "Password reset links work once, for one hour. Ask for a new one below.";

  return (
    <AuthPageFrame>
      <Card>
        <CardHeader>
          <LinkIcon className="mb-2 size-9 text-primary" aria-hidden />
          <CardTitle as="h1">
            <span className="block text-base font-normal text-muted-foreground">Link expired</span>
            {HEADINGS[reason]}
          </CardTitle>
          <CardDescription>{explanation}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {kind === "confirm" ? (
            <EmailRequestForm
              label="Email"
              submitLabel="Send a new confirmation link"
              cooldownSeconds={RESEND_COOLDOWN_SECONDS}
              send={resendConfirmation.mutateAsync}
              doneText={(email) => `If ${email} has an account waiting for confirmation, a new link is on its way.`}
            />
          ) : (
            <EmailRequestForm
              label="Email"
              submitLabel="Send a new reset link"
              cooldownSeconds={RESEND_COOLDOWN_SECONDS}
              send={requestPasswordReset.mutateAsync}
              doneText={(email) => `If an account exists for ${email}, a new link to reset its password is on its way.`}
            />
          )}
          <p className="text-center text-sm text-muted-foreground">
            <Link to="/secure-login" className="font-medium text-primary hover:underline">
              Go to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthPageFrame>
  );
}
