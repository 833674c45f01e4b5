import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { ZResetPasswordForm } from "../../../shared/better-auth-requests";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { PasswordInput } from "../../components/ui/password-input";
import { useResetPassword } from "../../features/auth/api/reset-password";
import { toApiError } from "../../lib/api";
import { AuthPageFrame } from "../layouts/auth-page-frame";
import type { z } from "zod";

type Values = z.input<typeof ZResetPasswordForm>;

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [done, setDone] = useState(false);
  const resetPassword = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    document.title = "Choose a new password · Cogwork";
  }, []);

  if (!token) return <Navigate to="/link-expired?link=reset&reason=invalid" replace />;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    const failure = await resetPassword.mutateAsync({ token, newPassword }).then(() => null, toApiError);
    if (!failure) return setDone(true);
    if (failure.status === 400 && /token/i.test(`${failure.code} ${failure.message}`)) {
      return navigate("/link-expired?link=reset&reason=invalid", { replace: true });
    }
    setError(failure.message);
  });

  return (
    <AuthPageFrame>
      <Card>
        <CardHeader>
          <KeyRound className="mb-2 size-9 text-primary" aria-hidden />
          <CardTitle as="h1">{done ? "Your password was changed" : "Choose a new password"}</CardTitle>
          <CardDescription>
            {done
              ? "Sign in with your new password. For your safety, every other session of your account was signed out."
              : "Pick a password of 8 to 128 characters that you do not use anywhere else."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {done ? (
            <Link to="/secure-login" className={buttonClasses("default", "lg", "w-full")}>
              Sign in
            </Link>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
              {error ? <Alert tone="error">{error}</Alert> : null}
              <FormField label="New password" error={errors.newPassword?.message}>
                {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register("newPassword")} />}
              </FormField>
              <FormField label="Repeat the new password" error={errors.confirmPassword?.message}>
                {(field) => (
                  <PasswordInput {...field} autoComplete="new-password" {...form.register("confirmPassword")} />
                )}
              </FormField>
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? "Saving…" : "Save new password"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthPageFrame>
  );
}
