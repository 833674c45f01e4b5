import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZEmailOnlyRequest, type TEmailOnlyRequest } from "../../../../shared/better-auth-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { useCooldown } from "../use-cooldown";

/**
 * One email field that asks the server to send a link (reset password, confirm email).
 * The answer is the same for every address, so the screen never tells who has an account.
 */
export function EmailRequestForm({
  label,
  submitLabel,
  doneText,
  defaultEmail = "",
  send,
  cooldownSeconds,
}: {
  label: string;
  submitLabel: string;
  doneText: (email: string) => string;
  defaultEmail?: string;
  /** Rejects with the error to show. */
  send: (email: string) => Promise<unknown>;
  cooldownSeconds: number;
}) {
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const cooldown = useCooldown();
  const form = useForm<TEmailOnlyRequest>({
    resolver: zodResolver(ZEmailOnlyRequest),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    const normalized = email.trim().toLowerCase();
    const error = await send(normalized).then(() => null, toApiError);
    if (!error) {
      setResult({ tone: "success", text: doneText(normalized) });
      cooldown.start(cooldownSeconds);
    } else {
      setResult({ tone: "error", text: error.message });
      if (error.status === 429) cooldown.start(error.retryAfter ?? cooldownSeconds);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={submitLabel}>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <FormField label={label} error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting || cooldown.secondsLeft > 0}>
        {cooldown.secondsLeft > 0
          ? `You can send again in ${cooldown.secondsLeft} s`
          : isSubmitting
            ? "Sending…"
            : submitLabel}
      </Button>
    </form>
  );
}
