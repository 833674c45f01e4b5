import { PLATFORM_LABELS, PLATFORMS } from "../../../../shared/automations";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { fieldError, type MoveForm } from "./move-dialog";
import type { TPlanProposal } from "../../../../shared/plan";
import type { TGetPlanItemResponse } from "../../../../shared/plan";

const asNumber = { setValueAs: (v: string) => (v === "" ? undefined : Number(v)) };

/** A revision starts from the newest version; a first proposal from the client's own estimate. */
export function proposalDefaults(item: TGetPlanItemResponse): TPlanProposal {
  const last = item.proposals[0];
  if (last)
    return {
      scope: last.scope,
      platform: last.platform,
      hoursPerMonth: last.hoursPerMonth,
      setupFeeMinor: last.setupFeeMinor,
      monthlyFeeChangeMinor: last.monthlyFeeChangeMinor,
      targetDate: last.targetDate ?? "",
      note: "",
    };
  return {
    scope: "",
    platform: "n8n",
    hoursPerMonth: Math.round(item.estimatedMinutesPerMonth / 60),
    setupFeeMinor: 0,
    monthlyFeeChangeMinor: 0,
    targetDate: item.wishedDate ?? "",
    note: "",
  };
}

/** The proposal's fields inside the move dialog (names under `proposal.`). */
export function ProposalFields({ form }: { form: MoveForm }) {
  const err = (name: string) => fieldError(form, `proposal.${name}`) ?? nested(form, name);
  return (
    <>
      <FormField label="Scope, in plain language" error={err("scope")}>
        {(field) => <Textarea {...field} rows={4} maxLength={2000} {...form.register("proposal.scope")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Platform" error={err("platform")}>
          {(field) => (
            <NativeSelect {...field} {...form.register("proposal.platform")}>
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Hours saved a month" error={err("hoursPerMonth")}>
          {(field) => <Input {...field} type="number" min={0} {...form.register("proposal.hoursPerMonth", asNumber)} />}
        </FormField>
        <FormField label="Setup fee" error={err("setupFeeMinor")}>
          {(field) => (
            <MoneyInput
              {...field}
              control={form.control}
              name="proposal.setupFeeMinor"
              type="number"
              step="0.01"
              min={0}
            />
          )}
        </FormField>
        <FormField
          label="Monthly fee change"
          error={err("monthlyFeeChangeMinor")}
          hint="0 for none; negative lowers it."
        >
          {(field) => (
            <MoneyInput
              {...field}
              control={form.control}
              name="proposal.monthlyFeeChangeMinor"
              type="number"
              step="0.01"
            />
          )}
        </FormField>
        <FormField label="Target date" error={err("targetDate")}>
          {(field) => <Input {...field} type="date" {...form.register("proposal.targetDate")} />}
        </FormField>
      </div>
      <FormField label="What changed (optional, shown in the history)" error={err("note")}>
        {(field) => <Textarea {...field} rows={2} maxLength={2000} {...form.register("proposal.note")} />}
      </FormField>
    </>
  );
}

function nested(form: MoveForm, name: string): string | undefined {
  const errors = form.formState.errors as { proposal?: Record<string, { message?: string } | undefined> };
  return errors.proposal?.[name]?.message;
}
