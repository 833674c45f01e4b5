import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ZSignInRequest, type TSignInRequest } from "../../../../shared/better-auth-requests";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { useAuth } from "../auth-context";
import { ResendButton } from "./resend-button";
import { SecondFactorForm } from "./second-factor-form";
import type { ApiError } from "../../../lib/api";

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { signIn } = useAuth();
  const [failure, setFailure] = useState<{ error: ApiError; email: string } | null>(null);

  const [secondStep, setSecondStep] = useState(false);
  const form = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim().toLowerCase();
    const outcome = await signIn(email, values.password);
    if (outcome === "second-factor") setSecondStep(true);
    else if (outcome) setFailure({ error: outcome, email });
    else onSignedIn();
  });

  if (secondStep) {
    return (
      <SecondFactorForm
        onSignedIn={onSignedIn}
        onRestart={() => {
          form.reset({ email: form.getValues("email"), password: "" });
          setSecondStep(false);
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {failure?.error.code === "EMAIL_NOT_VERIFIED" ? (
        <Alert tone="info">
          <p className="mb-3">
            Please confirm your email address first. We sent a confirmation link to <strong>{failure.email}</strong>{" "}
            when you signed up.
          </p>
          <ResendButton email={failure.email} />
        </Alert>
      ) : failure ? (
        <Alert tone="error">
          {failure.error.status === 401 ? "Invalid email or password." : failure.error.message}
        </Alert>
      ) : null}
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => <PasswordInput {...field} autoComplete="current-password" {...form.register("password")} />}
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Link
          to={screenPath("/secure-login", { mode: "forgot" })}
          className="text-sm font-medium text-primary hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
      <PasskeySignIn disabled={isSubmitting} onStart={() => setFailure(null)} onSignedIn={onSignedIn} />
    </form>
  );
}

/** "Sign in with a passkey": no email or password, and no code after it (a passkey is both factors). */
function PasskeySignIn({
  disabled,
  onStart,
  onSignedIn,
}: {
  disabled: boolean;
  onStart: () => void;
  onSignedIn: () => void;
}) {
  const { signInWithPasskey } = useAuth();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    onStart();
    setFailure(null);
    setPending(true);
    const error = await signInWithPasskey();
    setPending(false);
    if (error) setFailure(error);
    else onSignedIn();
  };
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
      <Button type="button" variant="outline" size="lg" disabled={pending || disabled} onClick={() => void onClick()}>
        <KeyRound className="size-4" aria-hidden />
        {pending ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
    </>
  );
}
