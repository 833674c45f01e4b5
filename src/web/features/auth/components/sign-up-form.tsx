import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZSignUpRequest, type TSignUpRequest } from "../../../../shared/better-auth-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { useAuth } from "../auth-context";

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TSignUpRequest>({
    resolver: zodResolver(ZSignUpRequest),
    defaultValues: { name: "", company: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const email = values.email.trim().toLowerCase();
    const failure = await signUp(email, values.password, { name: values.name, company: values.company });
    if (failure) setError(failure.message);
    else onSignedUp(email);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Create account">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Your name" error={errors.name?.message} hint="Optional">
          {(field) => <Input {...field} autoComplete="name" {...form.register("name")} />}
        </FormField>
        <FormField label="Company" error={errors.company?.message} hint="Optional">
          {(field) => <Input {...field} autoComplete="organization" {...form.register("company")} />}
        </FormField>
      </div>
      <FormField label="Work email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="8 to 128 characters. A short sentence is easy to remember."
      >
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register("password")} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create account"}
      </Button>
      <p className="text-xs text-muted-foreground">
        We will email you a link to confirm your address before you can sign in.
      </p>
    </form>
  );
}
