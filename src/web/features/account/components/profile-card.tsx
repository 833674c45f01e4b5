import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  ZChangeEmailRequest,
  ZUpdateNameRequest,
  type TChangeEmailRequest,
  type TUpdateNameRequest,
} from "../../../../shared/better-auth-requests";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { useChangeEmail } from "../api/change-email";
import { useUpdateName } from "../api/update-name";

type Result = { tone: "success" | "error"; text: string } | null;

export function ProfileCard({ name, email, onChanged }: { name: string; email: string; onChanged: () => void }) {
  const updateName = useUpdateName();
  const requestEmailChange = useChangeEmail();
  const [nameResult, setNameResult] = useState<Result>(null);
  const [emailResult, setEmailResult] = useState<Result>(null);
  const nameForm = useForm<TUpdateNameRequest>({ resolver: zodResolver(ZUpdateNameRequest), defaultValues: { name } });
  const emailForm = useForm<TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { newEmail: "" },
  });

  const saveName = nameForm.handleSubmit(async (values) => {
    const error = await updateName.mutateAsync({ name: values.name }).then(() => null, toApiError);
    setNameResult(error ? { tone: "error", text: error.message } : { tone: "success", text: "Your name was saved." });
    if (!error) onChanged();
  });

  const changeEmail = emailForm.handleSubmit(async (values) => {
    const newEmail = values.newEmail.trim().toLowerCase();
    const error = await requestEmailChange.mutateAsync(newEmail).then(() => null, toApiError);
    setEmailResult(
      error
        ? { tone: "error", text: error.message }
        : { tone: "success", text: `We sent a confirmation link to ${newEmail}. Your email changes when you open it.` },
    );
    if (!error) emailForm.reset();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How the agency sees you, and where we write to you.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <form onSubmit={saveName} noValidate className="flex flex-col gap-4" aria-label="Change name">
          {nameResult ? <Alert tone={nameResult.tone}>{nameResult.text}</Alert> : null}
          <FormField label="Name" error={nameForm.formState.errors.name?.message}>
            {(field) => <Input {...field} autoComplete="name" {...nameForm.register("name")} />}
          </FormField>
          <Button type="submit" className="self-start" disabled={nameForm.formState.isSubmitting}>
            Save name
          </Button>
        </form>
        <form onSubmit={changeEmail} noValidate className="flex flex-col gap-4" aria-label="Change email">
          <p className="text-sm">
            Current email: <strong>{email}</strong>
          </p>
          {emailResult ? <Alert tone={emailResult.tone}>{emailResult.text}</Alert> : null}
          <FormField
            label="New email"
            error={emailForm.formState.errors.newEmail?.message}
            hint="We confirm the new address before using it."
          >
            {(field) => <Input {...field} type="email" autoComplete="email" {...emailForm.register("newEmail")} />}
          </FormField>
          <Button type="submit" variant="outline" className="self-start" disabled={emailForm.formState.isSubmitting}>
            Change email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
