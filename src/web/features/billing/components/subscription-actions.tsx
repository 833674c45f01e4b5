import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useSubscriptionAction, type SubscriptionAction } from "../api/subscription-actions";
import type { TSubscription } from "../../../../shared/billing";

/** The rule staff confirm before canceling now (the server's CANCEL_NOW_RULE, in the screen's words). */
const CANCEL_NOW_RULE =
  "The plan ends today. The period already invoiced is not refunded and nothing more is billed; to refund part of it, issue a credit note on its invoice.";

function ExtendTrial({ run }: { run: (action: SubscriptionAction, done: string) => Promise<unknown> }) {
  const [days, setDays] = useState("7");
  const parsed = Number(days);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 90;
  return (
    <ConfirmDialog
      title="Extend the trial?"
      description="The trial and the first invoice move by the days you give. The owner and the agency are mailed."
      confirmLabel="Extend the trial"
      trigger={<Button variant="outline">Extend the trial</Button>}
      onConfirm={() => {
        if (!valid) return Promise.reject(new Error("Give between 1 and 90 days."));
        return run({ kind: "extend-trial", days: parsed }, `The trial is ${parsed} days longer.`);
      }}
    >
      <FormField label="Days to add" hint="1 to 90">
        {(control) => (
          <Input {...control} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} />
        )}
      </FormField>
    </ConfirmDialog>
  );
}

/** Staff's buttons on a client's subscription: end or extend a trial, cancel at the period's end or now, call a cancellation off. */
export function SubscriptionActions({ companyId, subscription }: { companyId: string; subscription: TSubscription }) {
  const action = useSubscriptionAction(companyId);
  const run = async (next: SubscriptionAction, done: string) => {
    await action.mutateAsync(next);
    toast.success(done);
  };
  if (subscription.status === "canceled" || subscription.provider === "stripe") return null;
  const end = formatDate(subscription.currentPeriodEnd);
  return (
    <div className="flex flex-wrap gap-2">
      {subscription.status === "trialing" ? (
        <>
          <ConfirmDialog
            title="End the trial now?"
            description="The first paid period starts today and its invoice is issued and mailed to the owner at once."
            confirmLabel="End the trial now"
            trigger={<Button variant="outline">End the trial now</Button>}
            onConfirm={() => run({ kind: "end-trial" }, "The trial has ended; the first invoice is issued.")}
          />
          <ExtendTrial run={run} />
        </>
      ) : null}
      {subscription.cancelAtPeriodEnd ? (
        <ConfirmDialog
          title="Keep the plan going?"
          description={`The plan no longer ends on ${end}; it renews and is invoiced as before.`}
          confirmLabel="Keep the plan"
          trigger={<Button variant="outline">Call off the cancellation</Button>}
          onConfirm={() => run({ kind: "resume" }, "The plan renews as before.")}
        />
      ) : (
        <ConfirmDialog
          title="Cancel at the period's end?"
          description={`The plan runs until ${end} and is not renewed; nothing more is billed after that day.`}
          confirmLabel="Cancel at the period's end"
          destructive
          trigger={<Button variant="outline">Cancel at the period's end</Button>}
          onConfirm={() => run({ kind: "cancel", when: "period_end" }, `The plan ends on ${end}.`)}
        />
      )}
      <ConfirmDialog
        title="Cancel the plan now?"
        description={CANCEL_NOW_RULE}
        confirmLabel="Cancel now"
        destructive
        alert
        trigger={<Button variant="destructive">Cancel now</Button>}
        onConfirm={() => run({ kind: "cancel", when: "now" }, "The plan is canceled.")}
      />
    </div>
  );
}
