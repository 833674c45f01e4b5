import { useId } from "react";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus, type TLead } from "../../../../shared/leads";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useUpdateLead } from "../api/update-lead";

/** The lead's status, saved as soon as it is chosen. A converted lead stays Won. */
export function LeadStatusSelect({ lead }: { lead: TLead }) {
  const update = useUpdateLead(lead.id);
  const id = useId();
  const change = (status: LeadStatus) =>
    update.mutate(
      { status },
      {
        onSuccess: () => toast.success(`${lead.name}'s lead is now ${LEAD_STATUS_LABELS[status].toLowerCase()}.`),
        onError: (error) => toast.error(toApiError(error).message),
      },
    );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Status <span className="sr-only">of {lead.name}'s lead</span>
      </label>
      <NativeSelect
        id={id}
        className="sm:w-44"
        value={update.isPending && update.variables.status ? update.variables.status : lead.status}
        disabled={update.isPending || lead.convertedCompanyId !== null}
        onChange={(event) => change(event.target.value as LeadStatus)}
      >
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {LEAD_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
