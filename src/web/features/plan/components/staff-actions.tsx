import { Archive, Hammer, Power, Send } from "lucide-react";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { fieldError, MoveDialog } from "./move-dialog";
import { ProposalFields, proposalDefaults } from "./proposal-fields";
import type { TGetPlanItemResponse } from "../../../../shared/plan";

export interface LinkableAutomation {
  id: string;
  name: string;
}

/** The agency's moves on a client's item: propose or revise, Building, Live, retire. */
export function StaffActions({
  item,
  automations,
}: {
  item: TGetPlanItemResponse;
  /** The company's automations that Building may link instead of registering a new one. */
  automations: LinkableAutomation[];
}) {
  const allowed = new Set(item.allowedTransitions);
  const common = { side: "staff" as const, itemId: item.id };
  const next = (item.proposalVersion ?? 0) + 1;
  const who = item.companyName;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.has("proposed") ? (
        <MoveDialog
          {...common}
          defaultValues={{ to: "proposed", proposal: proposalDefaults(item) }}
          trigger={
            <>
              <Send aria-hidden /> {item.proposalVersion ? `Revise (version ${next})` : "Write a proposal"}
            </>
          }
          title={`${item.proposalVersion ? "Revise the proposal" : "Proposal"} for ${who}: version ${next}`}
          description={`${who} is emailed and approves this exact version. Amounts in ${item.proposals[0]?.currency ?? "the company's currency"}.`}
          submitLabel={`Send version ${next} to ${who}`}
          success={`Version ${next} sent to ${who}.`}
          fields={(form) => <ProposalFields form={form} />}
        />
      ) : null}
      {allowed.has("building") ? <BuildingDialog item={item} automations={automations} /> : null}
      {allowed.has("live") ? (
        <MoveDialog
          {...common}
          defaultValues={{ to: "live" }}
          trigger={
            <>
              <Power aria-hidden /> Mark live
            </>
          }
          title={`Switch on ${item.automation?.name ?? "the automation"} for ${who}?`}
          description="The automation becomes Live: runs are expected on its schedule, and the item shows promised against measured hours."
          submitLabel="Mark live"
          success={`Live for ${who}.`}
        />
      ) : null}
      {allowed.has("retired") ? <RetireDialog item={item} /> : null}
    </div>
  );
}

/** Building: a new automation from the approved proposal, or one the company has. */
function BuildingDialog({ item, automations }: { item: TGetPlanItemResponse; automations: LinkableAutomation[] }) {
  const common = { side: "staff" as const, itemId: item.id };
  const who = item.companyName;
  return (
    <MoveDialog
      {...common}
      defaultValues={{ to: "building", automationId: "" }}
      trigger={
        <>
          <Hammer aria-hidden /> Move to Building
        </>
      }
      title={`Start building “${item.title}” for ${who}`}
      description="Register a new automation prefilled from the approved proposal, or link one the company already has."
      submitLabel="Move to Building"
      success={`Building; the automation is in ${who}'s automations.`}
      fields={(form) => (
        <FormField label="Automation" error={fieldError(form, "automationId")}>
          {(field) => (
            <NativeSelect {...field} {...form.register("automationId", { setValueAs: (v: string) => v || null })}>
              <option value="">Register a new automation from the proposal</option>
              {automations.map((a) => (
                <option key={a.id} value={a.id}>
                  Link {a.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
    />
  );
}

/** Retired: closed for good, with the reason and what becomes of its automation. */
function RetireDialog({ item }: { item: TGetPlanItemResponse }) {
  const common = { side: "staff" as const, itemId: item.id };
  const who = item.companyName;
  return (
    <MoveDialog
      {...common}
      defaultValues={{ to: "retired", reason: "", automation: "pause" }}
      triggerVariant="outline"
      trigger={
        <>
          <Archive aria-hidden /> Retire
        </>
      }
      title={`Retire “${item.title}” of ${who}?`}
      description="The item is closed for good. Say why, and whether its automation keeps running."
      submitLabel="Retire the item"
      success="Retired."
      destructive
      fields={(form) => (
        <>
          <FormField label="Reason" error={fieldError(form, "reason")}>
            {(field) => <Textarea {...field} rows={3} maxLength={2000} {...form.register("reason")} />}
          </FormField>
          <FormField label="Its automation">
            {(field) => (
              <NativeSelect {...field} {...form.register("automation")}>
                <option value="pause">Pause it</option>
                <option value="keep">Keep it running</option>
              </NativeSelect>
            )}
          </FormField>
        </>
      )}
    />
  );
}
