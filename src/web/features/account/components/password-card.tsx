import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZChangePasswordForm, type TChangePasswordForm } from "../../../../shared/better-auth-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toApiError } from "../../../lib/api";
import { useChangePassword } from "../api/change-password";

export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const changePassword = useChangePassword();
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const error = await changePassword.mutateAsync(values).then(() => null, toApiError);
    if (error) {
      const wrongCurrent = error.status === 400 && /password/i.test(error.message) && /invalid/i.test(error.message);
      setResult({ tone: "error", text: wrongCurrent ? "Your current password is not correct." : error.message });
      return;
    }
    form.reset();
    setResult({ tone: "success", text: "Your password was changed. Your other sessions were signed out." });
    onChanged();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          // The server's answer was about the values sent: once they are edited, it no longer holds.
          onChange={() => setResult((shown) => (shown?.tone === "error" ? null : shown))}
          noValidate
          className="flex flex-col gap-4"
          aria-label="Change password"
        >
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
          <FormField label="Current password" error={errors.currentPassword?.message}>
            {(field) => (
              <PasswordInput {...field} autoComplete="current-password" {...form.register("currentPassword")} />
            )}
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint="8 to 128 characters.">
            {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register("newPassword")} />}
          </FormField>
          <FormField label="Repeat the new password" error={errors.confirmPassword?.message}>
            {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register("confirmPassword")} />}
          </FormField>
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? "Changing…" : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
