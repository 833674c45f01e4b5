import { useState, type FormEvent } from "react";
import { durationProblem, formatMinutes, parseDuration } from "../../../../shared/hours-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { useSetClientHoursTerms } from "../api/hours-actions";
import type { THoursTerms } from "../../../../shared/hours";

/** "95.00" or "95" in major units → minor units; null when it is not an amount. */
function parseRate(input: string): number | null {
  const trimmed = input.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

const asDuration = (minutes: number) => (minutes === 0 ? "0" : formatMinutes(minutes));

/**
 * Staff on a client's Billing tab: the client's own hours terms (included time, rate of extra time,
 * rollover and its cap, approval), or back to its plan's. Applies to the whole current period.
 */
export function HoursTermsForm({
  companyId,
  terms,
  currency,
  ownTerms,
}: {
  companyId: string;
  terms: THoursTerms;
  currency: string;
  ownTerms: boolean;
}) {
  const save = useSetClientHoursTerms(companyId);
  const [included, setIncluded] = useState(asDuration(terms.includedMinutes));
  const [rate, setRate] = useState((terms.overageRateMinor / 100).toFixed(2));
  const [rollover, setRollover] = useState(terms.hoursRollover);
  const [cap, setCap] = useState(asDuration(terms.rolloverCapMinutes));
  const [approval, setApproval] = useState(terms.overageNeedsApproval);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = save.isError ? toApiError(save.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const includedProblem = durationProblem(included);
    if (includedProblem && included.trim() !== "0") found.includedMinutes = includedProblem;
    const capProblem = durationProblem(cap);
    if (rollover && capProblem && cap.trim() !== "0") found.rolloverCapMinutes = capProblem;
    const rateMinor = parseRate(rate);
    if (rateMinor === null) found.overageRateMinor = `Enter the rate per hour in ${currency}, e.g. 95.00`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const override = {
      includedMinutes: parseDuration(included) ?? 0,
      overageRateMinor: rateMinor!,
      hoursRollover: rollover,
      rolloverCapMinutes: rollover ? (parseDuration(cap) ?? 0) : 0,
      overageNeedsApproval: approval,
    };
    save.mutate({ override });
  };
  const backToPlan = () => save.mutate({ override: null });
  const fieldError = (name: string) => errors[name] ?? server?.fields?.[`override.${name}`] ?? server?.fields?.[name];
  return (
    <form aria-label="Client's hours terms" noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
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
        {ownTerms ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={backToPlan}>
            Use the plan's terms
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save the client's terms"}
        </Button>
      </div>
      {server && !server.fields ? (
        <Alert tone="error" className="sm:col-span-2">
          {server.message}
        </Alert>
      ) : null}
    </form>
  );
}
