import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, useForm, type UseFormReturn } from "react-hook-form";
import {
  ALERT_LEVEL_HINTS,
  ALERT_LEVEL_LABELS,
  ALERT_LEVELS,
  ZUpdateNotificationPreferencesRequest,
  type TUpdateNotificationPreferencesRequest,
} from "../../../../shared/notifications";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Skeleton } from "../../../components/ui/skeleton";
import { toApiError } from "../../../lib/api";
import { useNotificationPreferences } from "../api/get-notification-preferences";
import { useUpdateNotificationPreferences } from "../api/update-notification-preferences";

type Result = { tone: "success" | "error"; text: string } | null;

/** Which automation alerts and digests reach this person by email. */
export function NotificationsCard({ receivesDigest }: { receivesDigest: boolean }) {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [result, setResult] = useState<Result>(null);
  const form = useForm<TUpdateNotificationPreferencesRequest>({
    resolver: zodResolver(ZUpdateNotificationPreferencesRequest),
    defaultValues: { alerts: "all", weeklyDigest: true, monthlyReport: true },
  });
  const { reset } = form;
  useEffect(() => {
    if (!preferences.data) return;
    reset(preferences.data);
    // Emails link to /account#notifications: bring the card into view once it has its content.
    if (window.location.hash === "#notifications") document.getElementById("notifications")?.scrollIntoView();
  }, [preferences.data, reset]);

  const submit = form.handleSubmit(async (values) => {
    const error = await update.mutateAsync(values).then(() => null, toApiError);
    setResult(
      error ? { tone: "error", text: error.message } : { tone: "success", text: "Your email preferences were saved." },
    );
  });

  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Which emails we send you about the automations. Every one of them has an unsubscribe link.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <Skeleton className="h-48" />
        ) : preferences.isError ? (
          <Alert tone="error">{toApiError(preferences.error).message}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Email preferences">
            {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
            <AlertLevelChoices form={form} />
            {receivesDigest ? (
              <PreferenceCheckbox
                form={form}
                name="weeklyDigest"
                label="Weekly digest"
                hint="Every Monday morning: last week’s runs, success rate, time and money saved, incidents, and what waits on you."
              />
            ) : null}
            <PreferenceCheckbox
              form={form}
              name="monthlyReport"
              label="Monthly report"
              hint={
                receivesDigest
                  ? "On the first working day of each month: last month’s value report (hours and money saved against the fees, runs, incidents, support, the plan) with its PDF."
                  : "On the first working day of each month: each client’s value report for last month, with its PDF."
              }
            />
            <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
              Save preferences
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

type PreferencesForm = UseFormReturn<TUpdateNotificationPreferencesRequest>;

/** One radio for each level of alert emails, with its hint. */
function AlertLevelChoices({ form }: { form: PreferencesForm }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Alert emails</legend>
      {ALERT_LEVELS.map((level) => (
        <label
          key={level}
          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-accent"
        >
          <input
            type="radio"
            value={level}
            {...form.register("alerts")}
            aria-labelledby={`alerts-${level}-label`}
            aria-describedby={`alerts-${level}-hint`}
            className="mt-1 size-4 accent-primary"
          />
          <span className="flex flex-col gap-0.5">
            <span id={`alerts-${level}-label`} className="text-sm font-medium">
              {ALERT_LEVEL_LABELS[level]}
            </span>
            <span id={`alerts-${level}-hint`} className="text-xs text-muted-foreground">
              {ALERT_LEVEL_HINTS[level]}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** One email that can be switched on or off, with what it holds. */
function PreferenceCheckbox(props: {
  form: PreferencesForm;
  name: "weeklyDigest" | "monthlyReport";
  label: string;
  hint: string;
}) {
  const id = props.name === "weeklyDigest" ? "weekly-digest" : "monthly-report";
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={props.form.control}
        name={props.name}
        render={({ field }) => (
          <Checkbox
            id={id}
            checked={field.value ?? true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
        )}
      />
      <span className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {props.label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </span>
      </span>
    </div>
  );
}
