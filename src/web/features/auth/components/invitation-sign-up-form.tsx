import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ZSignUpRequest, type TSignUpRequest } from "../../../../shared/better-auth-requests";
import { companiesOps } from "../../../../shared/operations/companies";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { ApiError, call } from "../../../lib/api";
import { useAuth } from "../auth-context";
import { ResendButton } from "./resend-button";

/**
 * Whether the invitation expired before the account was made: the server then gave the account a
 * company of its own instead of failing the sign-up, and the newcomer must hear why.
 */
async function expiredMeanwhile(token: string): Promise<boolean> {
  try {
    await call(companiesOps.previewInvitation, { query: { token } });
    return false;
  } catch (error) {
    return error instanceof ApiError && error.reason === "expired";
  }
}

/**
 * Sign-up from an invitation link: the address is the invitation's, no company is asked for (the
 * account joins the inviting one), and the confirmation link opens that company's portal.
 */
export function InvitationSignUpForm({
  invitation,
}: {
  invitation: { token: string; email: string; companyName: string };
}) {
  const { signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<null | { expired: boolean }>(null);
  const form = useForm<TSignUpRequest>({
    resolver: zodResolver(ZSignUpRequest),
    defaultValues: { name: "", email: invitation.email, password: "", invitationToken: invitation.token },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const failure = await signUp(invitation.email, values.password, {
      name: values.name,
      invitationToken: invitation.token,
      callbackURL: screenPath("/secure-dashboard"),
    });
    if (failure) setError(failure.message);
    else setSent({ expired: await expiredMeanwhile(invitation.token) });
  });
  if (sent)
    return <InvitationInbox email={invitation.email} companyName={invitation.companyName} expired={sent.expired} />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Create your account">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormField label="Your name" error={errors.name?.message} hint="Optional">
        {(field) => <Input {...field} autoComplete="name" {...form.register("name")} />}
      </FormField>
      <FormField label="Email" hint="The address the invitation was sent to.">
        {(field) => <Input {...field} type="email" value={invitation.email} readOnly autoComplete="email" />}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="8 to 128 characters. A short sentence is easy to remember."
      >
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register("password")} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : `Create account and join ${invitation.companyName}`}
      </Button>
    </form>
  );
}

function InvitationInbox({ email, companyName, expired }: { email: string; companyName: string; expired: boolean }) {
  // The form gives way to this message: move focus here so screen readers announce it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      <MailCheck className="size-8 text-primary" aria-hidden />
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Check your inbox
      </h3>
      {expired ? (
        <Alert tone="info">
          <strong>The invitation to {companyName} had expired</strong> by the time you sent the form, so your account
          was made with a company of its own instead. Ask the person who invited you for a new invitation: accepting it
          moves you into {companyName}.
        </Alert>
      ) : null}
      <p className="text-sm">
        We sent a confirmation link to <strong>{email}</strong>. Open it to finish: it signs you in to{" "}
        {expired ? "your portal" : `${companyName}'s portal`} and works once.
      </p>
      <ResendButton email={email} startWithCooldown />
    </div>
  );
}
