import { Controller, type UseFormReturn } from "react-hook-form";
import { EDITABLE_STATUSES, PLATFORM_LABELS, PLATFORMS, STATUS_LABELS } from "../../../../shared/automations";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { asNumber, type FormValues, type ParsedValues } from "./automation-form-values";
import { ScheduleField } from "./schedule-field";

/** Every field of an automation, wired to the form with its label, hint and error. */
export function AutomationFields({ form }: { form: UseFormReturn<FormValues, unknown, ParsedValues> }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="off" {...form.register("name")} />}
      </FormField>
      <FormField label="Purpose" error={errors.purpose?.message} hint="What it does for the client, in their words.">
        {(field) => <Textarea {...field} rows={3} {...form.register("purpose")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Platform" error={errors.platform?.message}>
          {(field) => (
            <NativeSelect {...field} {...form.register("platform")}>
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          {(field) => (
            <NativeSelect {...field} {...form.register("status")}>
              {EDITABLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField label="Trigger" error={errors.triggerDescription?.message} hint="What starts a run, e.g. Every hour.">
        {(field) => <Input {...field} autoComplete="off" {...form.register("triggerDescription")} />}
      </FormField>
      <Controller
        control={form.control}
        name="expectedEveryMinutes"
        render={({ field }) => (
          <ScheduleField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.expectedEveryMinutes?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Minutes saved per run" error={errors.minutesSavedPerRun?.message}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              {...form.register("minutesSavedPerRun", { setValueAs: asNumber })}
            />
          )}
        </FormField>
        <FormField
          label="Failures before alert"
          error={errors.failureThreshold?.message}
          hint="Failures in a row that mark it Failing and alert the client and the agency."
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              {...form.register("failureThreshold", { setValueAs: asNumber })}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
