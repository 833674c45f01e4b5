import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ZDeleteAccountForm, type TDeleteAccountForm } from "../../../../shared/better-auth-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toApiError } from "../../../lib/api";
import { useDeleteAccount } from "../api/delete-account";

export function DeleteAccountCard({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const deleteAccount = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => ZDeleteAccountForm(email), [email]);
  const form = useForm<TDeleteAccountForm>({
    resolver: zodResolver(schema),
    defaultValues: { confirmEmail: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const failure = await deleteAccount.mutateAsync(values.password).then(() => null, toApiError);
    if (failure)
      setError(
        failure.status === 400 && /password/i.test(failure.message) ? "Your password is not correct." : failure.message,
      );
    else onDeleted();
  });

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your user account and signs you out everywhere. Your company&apos;s automations and invoices stay with
          your company.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Delete account">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <FormField label={`Type ${email} to confirm`} error={errors.confirmEmail?.message}>
            {(field) => <Input {...field} autoComplete="off" {...form.register("confirmEmail")} />}
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            {(field) => <PasswordInput {...field} autoComplete="current-password" {...form.register("password")} />}
          </FormField>
          <Button type="submit" variant="destructive" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? "Deleting…" : "Delete my account"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
