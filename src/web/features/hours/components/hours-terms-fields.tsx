import { useState, type FormEvent, type ReactNode } from "react";
import { ZHoursTerms, type THoursTerms } from "../../../../shared/hours";
import { durationProblem, formatMinutes, parseDuration } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import type { ApiError } from "../../../lib/api";

type TermsField = keyof THoursTerms;

/** "95.00" or "95" in major units → minor units; null when it is not an amount. */
function parseRate(input: string): number | null {
  const trimmed = input.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

const asDuration = (minutes: number) => (minutes === 0 ? "0" : formatMinutes(minutes));

interface Typed {
  included: string;
  rate: string;
  rollover: boolean;
  cap: string;
  approval: boolean;
}

/**
 * What staff typed, as terms checked by the shared schema (ZHoursTerms): the terms, or a message
 * per field, in hours and the currency's major units rather than the API's minutes and cents.
 */
function termsFrom(typed: Typed, currency: string): { terms: THoursTerms } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const includedProblem = durationProblem(typed.included);
  if (includedProblem && typed.included.trim() !== "0") errors.includedMinutes = includedProblem;
  const capProblem = durationProblem(typed.cap);
  if (typed.rollover && capProblem && typed.cap.trim() !== "0") errors.rolloverCapMinutes = capProblem;
  const rateMinor = parseRate(typed.rate);
  if (rateMinor === null) errors.overageRateMinor = `Enter the rate per hour in ${currency}, e.g. 95.00`;
  if (Object.keys(errors).length > 0) return { errors };
  const checked = ZHoursTerms.safeParse({
    includedMinutes: parseDuration(typed.included) ?? 0,
    overageRateMinor: rateMinor,
    hoursRollover: typed.rollover,
    rolloverCapMinutes: typed.rollover ? (parseDuration(typed.cap) ?? 0) : 0,
    overageNeedsApproval: typed.approval,
  });
  if (checked.success) return { terms: checked.data };
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0]) as TermsField;
    const most = issue.code === "too_big" ? Number(issue.maximum) : null;
    if (most === null) errors[field] = issue.message;
    else if (field === "overageRateMinor") errors[field] = `At most ${(most / 100).toFixed(2)} ${currency} an hour`;
    else errors[field] = `At most ${formatMinutes(most)}`;
  }
  return { errors };
}

/**
 * The hours terms' fields (included time, rate of extra time, rollover and its cap, approval),
 * checked by the shared schema, for a client's own terms and for a plan's: `onSave` gets the terms.
 */
export function HoursTermsFields({
  label,
  terms,
  currency,
  pending,
  serverError,
  submitLabel,
  onSave,
  actions,
  fieldPrefix = "",
}: {
  label: string;
  terms: THoursTerms;
  currency: string;
  pending: boolean;
  serverError: ApiError | undefined;
  submitLabel: string;
  onSave: (terms: THoursTerms) => void;
  /** Buttons shown before the submit button. */
  actions?: ReactNode;
  /** Where the API names the fields of its answer ("override." for a client's terms). */
  fieldPrefix?: string;
}) {
  const [included, setIncluded] = useState(asDuration(terms.includedMinutes));
  const [rate, setRate] = useState((terms.overageRateMinor / 100).toFixed(2));
  const [rollover, setRollover] = useState(terms.hoursRollover);
  const [cap, setCap] = useState(asDuration(terms.rolloverCapMinutes));
  const [approval, setApproval] = useState(terms.overageNeedsApproval);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = termsFrom({ included, rate, rollover, cap, approval }, currency);
    setErrors("errors" in result ? result.errors : {});
    if ("terms" in result) onSave(result.terms);
  };
  const fieldError = (name: TermsField) =>
    errors[name] ?? serverError?.fields?.[`${fieldPrefix}${name}`] ?? serverError?.fields?.[name];
  return (
    <form aria-label={label} noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <FormField label="Included each month" hint='For example "10h" or "7.5"' error={fieldError("includedMinutes")}>
        {(control) => <Input {...control} value={included} onChange={(e) => setIncluded(e.target.value)} />}
      </FormField>
      <FormField label={`Extra time per hour (${currency})`} error={fieldError("overageRateMinor")}>
        {(control) => <Input {...control} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={rollover} onChange={(e) => setRollover(e.target.checked)} />
        Unused time rolls over
      </label>
      <FormField label="Rollover cap" error={fieldError("rolloverCapMinutes")}>
        {(control) => <Input {...control} disabled={!rollover} value={cap} onChange={(e) => setCap(e.target.value)} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={approval} onChange={(e) => setApproval(e.target.checked)} />
        Extra time waits for the owner's approval
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 sm:justify-end">
        {actions}
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </div>
      {serverError && !serverError.fields ? (
        <Alert tone="error" className="sm:col-span-2">
          {serverError.message}
        </Alert>
      ) : null}
    </form>
  );
}
