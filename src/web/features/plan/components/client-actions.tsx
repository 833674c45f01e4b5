import { Check, Lock, RotateCcw, X } from "lucide-react";
import { PLAN_PRIORITIES, PLAN_PRIORITY_LABELS } from "../../../../shared/plan";
import { ReadOnlyNote, useReadOnly } from "../../../components/layout/read-only";
import { Alert } from "../../../components/ui/alert";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { money } from "../../../lib/format";
import { fieldError, MoveDialog } from "./move-dialog";
import type { TGetPlanItemResponse } from "../../../../shared/plan";

/**
 * What the client can do now: approve or decline the current proposal, or send a declined item back.
 * A member who may not approve (the proposal adds charges: the owner's step) reads why instead.
 */
export function ClientActions({ item }: { item: TGetPlanItemResponse }) {
  const readOnly = useReadOnly();
  const allowed = new Set(item.allowedTransitions);
  if (readOnly) return allowed.size > 0 ? <ReadOnlyNote action="Approving, declining or sending back" /> : null;
  const current = item.proposals[0];
  return (
    <div className="flex flex-wrap gap-2">
      {item.approveRefusal ? (
        <Alert tone="info" className="w-full">
          <Lock aria-hidden className="mr-2 inline size-4 align-[-0.2em]" />
          {item.approveRefusal}
        </Alert>
      ) : null}
      {allowed.has("approved") && current ? <ApproveDialog itemId={item.id} current={current} /> : null}
      {allowed.has("declined") ? <DeclineDialog itemId={item.id} /> : null}
      {allowed.has("requested") ? <SendBackDialog item={item} /> : null}
    </div>
  );
}

type Proposal = TGetPlanItemResponse["proposals"][number];

function ApproveDialog({ itemId, current }: { itemId: string; current: Proposal }) {
  const common = { side: "client" as const, itemId };
  return (
    <MoveDialog
      {...common}
      defaultValues={{ to: "approved", proposalVersion: current.version }}
      trigger={
        <>
          <Check aria-hidden /> Approve version {current.version}
        </>
      }
      title={`Approve version ${current.version} of the proposal?`}
      description={`We will start building as described in version ${current.version}: a setup fee of ${money(current.setupFeeMinor, current.currency)}${current.monthlyFeeChangeMinor ? ` and ${money(current.monthlyFeeChangeMinor, current.currency)} a month` : ""}.`}
      submitLabel={`Approve version ${current.version}`}
      success="Thank you! We will start building and keep you posted."
    />
  );
}

function DeclineDialog({ itemId }: { itemId: string }) {
  const common = { side: "client" as const, itemId };
  return (
    <MoveDialog
      {...common}
      defaultValues={{ to: "declined", reason: "" }}
      triggerVariant="outline"
      trigger={
        <>
          <X aria-hidden /> Decline
        </>
      }
      title="Decline this proposal?"
      description="Tell us why, so that we can do better. You can send the request back to us later."
      submitLabel="Decline the proposal"
      success="Understood. Thank you for telling us why."
      destructive
      fields={(form) => (
        <FormField label="Why not?" error={fieldError(form, "reason")}>
          {(field) => <Textarea {...field} rows={3} maxLength={2000} {...form.register("reason")} />}
        </FormField>
      )}
    />
  );
}

/** A declined item back to the agency, with what changed, its priority and wished date. */
function SendBackDialog({ item }: { item: TGetPlanItemResponse }) {
  const common = { side: "client" as const, itemId: item.id };
  return (
    <MoveDialog
      {...common}
      defaultValues={{ to: "requested", note: "", priority: item.priority, wishedDate: item.wishedDate ?? "" }}
      triggerVariant="outline"
      trigger={
        <>
          <RotateCcw aria-hidden /> Send it back to us
        </>
      }
      title="Send the request back to us"
      description="Tell us what changed, and we will write a new proposal."
      submitLabel="Send the request"
      success="Thank you! We will look at it again."
      fields={(form) => (
        <>
          <FormField label="What changed? (optional)" error={fieldError(form, "note")}>
            {(field) => <Textarea {...field} rows={3} maxLength={2000} {...form.register("note")} />}
          </FormField>
          <FormField label="Priority" error={fieldError(form, "priority")}>
            {(field) => (
              <NativeSelect {...field} {...form.register("priority")}>
                {PLAN_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {PLAN_PRIORITY_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Wished date (optional)" error={fieldError(form, "wishedDate")}>
            {(field) => <Input {...field} type="date" {...form.register("wishedDate")} />}
          </FormField>
        </>
      )}
    />
  );
}
