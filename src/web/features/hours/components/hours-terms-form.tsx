import { Button } from "../../../components/ui/button";
import { toApiError } from "../../../lib/api";
import { useSetClientHoursTerms } from "../api/hours-actions";
import { HoursTermsFields } from "./hours-terms-fields";
import type { THoursTerms } from "../../../../shared/hours";

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
  return (
    <HoursTermsFields
      label="Client's hours terms"
      terms={terms}
      currency={currency}
      pending={save.isPending}
      serverError={save.isError ? toApiError(save.error) : undefined}
      submitLabel="Save the client's terms"
      fieldPrefix="override."
      onSave={(override) => save.mutate({ override })}
      actions={
        ownTerms ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => save.mutate({ override: null })}
          >
            Use the plan's terms
          </Button>
        ) : null
      }
    />
  );
}
