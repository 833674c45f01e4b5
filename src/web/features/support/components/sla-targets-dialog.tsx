import { zodResolver } from "@hookform/resolvers/zod";
import { Timer } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  ZUpdateSlaTargetsRequest,
  type TSlaTargetsResponse,
  type TUpdateSlaTargetsRequest,
} from "../../../../shared/support";
import { PRIORITY_LABELS } from "../../../../shared/support-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSlaTargets, useUpdateSlaTargets } from "../api/sla-targets";

const asNumber = { setValueAs: (value: string) => (value === "" ? undefined : Number(value)) };

/** "90 min", "4 h", "3 days": the minutes typed, read back as a person would say them. */
export function durationWords(minutes: number | undefined): string {
  if (!minutes || !Number.isFinite(minutes)) return "";
  if (minutes % 1440 === 0) return `${minutes / 1440} ${minutes === 1440 ? "day" : "days"}`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

function TargetsForm({ targets, onSaved }: { targets: TSlaTargetsResponse["targets"]; onSaved: () => void }) {
  const update = useUpdateSlaTargets();
  const form = useForm<TUpdateSlaTargetsRequest>({
    resolver: zodResolver(ZUpdateSlaTargetsRequest),
    defaultValues: { targets },
  });
  const errors = form.formState.errors.targets;
  const values = useWatch({ control: form.control, name: "targets" });
  const submit = form.handleSubmit((body) =>
    update.mutate(body, { onSuccess: () => (toast.success("The SLA targets are saved."), onSaved()) }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="SLA targets" className="flex flex-col gap-4">
      {targets.map((target, index) => (
        <fieldset key={target.priority} className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">{PRIORITY_LABELS[target.priority]} priority</legend>
          <FormField
            label={`First response, ${PRIORITY_LABELS[target.priority].toLowerCase()} (minutes)`}
            error={errors?.[index]?.firstResponseMinutes?.message}
            hint={durationWords(values[index]?.firstResponseMinutes)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={5}
                {...form.register(`targets.${index}.firstResponseMinutes`, asNumber)}
              />
            )}
          </FormField>
          <FormField
            label={`Resolution, ${PRIORITY_LABELS[target.priority].toLowerCase()} (minutes)`}
            error={errors?.[index]?.resolutionMinutes?.message}
            hint={durationWords(values[index]?.resolutionMinutes)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={5}
                {...form.register(`targets.${index}.resolutionMinutes`, asNumber)}
              />
            )}
          </FormField>
        </fieldset>
      ))}
      {update.isError ? <Alert tone="error">{toApiError(update.error).message}</Alert> : null}
      <DialogFooter>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save targets"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Staff set the first-response and resolution targets per priority; open tickets' deadlines follow. */
export function SlaTargetsDialog() {
  const [open, setOpen] = useState(false);
  const targets = useSlaTargets(open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Timer aria-hidden /> SLA targets
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>SLA targets</DialogTitle>
          <DialogDescription>
            How soon the agency answers a new ticket, and resolves it, by priority. The resolution clock stops while a
            ticket waits on the client.
          </DialogDescription>
        </DialogHeader>
        {targets.isError ? <Alert tone="error">{toApiError(targets.error).message}</Alert> : null}
        {targets.data ? (
          <TargetsForm targets={targets.data.targets} onSaved={() => setOpen(false)} />
        ) : targets.isError ? null : (
          <p className="text-muted-foreground">Loading...</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
