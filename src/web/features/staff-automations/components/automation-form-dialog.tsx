import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZCreateAutomationRequest, type TUpdateAutomationRequest } from "../../../../shared/automations";
import { Alert } from "../../../components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { ApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCreateAutomation } from "../api/create-automation";
import { useUpdateAutomation } from "../api/update-automation";
import { AutomationFields } from "./automation-fields";
import { FORM_FIELDS, NEW_AUTOMATION, valuesOf, type FormValues, type ParsedValues } from "./automation-form-values";
import type { StaffAutomation } from "../../../../shared/staff-automations";

interface AutomationFormDialogProps {
  companyId: string;
  companyName: string;
  /** The automation to edit; none to register a new one. */
  automation?: StaffAutomation;
  onClose: () => void;
}

/** Register a new automation, or edit one (sending only what changed); the shared schema checks both. */
export function AutomationFormDialog({ companyId, companyName, automation, onClose }: AutomationFormDialogProps) {
  const original = automation ? valuesOf(automation) : undefined;
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(ZCreateAutomationRequest),
    defaultValues: original ?? NEW_AUTOMATION,
    // Checked on submit, then as fields change: a message appearing on blur would move the submit
    // button away between the press and the release of the click that caused the blur.
    mode: "onSubmit",
  });
  const create = useCreateAutomation(companyId);
  const update = useUpdateAutomation(companyId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (!automation || !original) {
        const created = await create.mutateAsync(values);
        toast.success(`${created.name} is registered for ${companyName}.`);
      } else {
        const changed = FORM_FIELDS.filter((field) => values[field] !== original[field]);
        if (changed.length === 0) {
          toast.info(`Nothing changed in ${automation.name}.`);
        } else {
          const body = Object.fromEntries(changed.map((field) => [field, values[field]])) as TUpdateAutomationRequest;
          const updated = await update.mutateAsync({ id: automation.id, body });
          toast.success(`${updated.name} is saved.`);
        }
      }
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const known = FORM_FIELDS.filter((field) => fields?.[field]);
      for (const field of known) form.setError(field, { message: fields![field] });
      if (known.length === 0) setFailure(error instanceof ApiError ? error.message : "Something went wrong.");
    }
  });

  const title = automation ? `Edit ${automation.name}` : "New automation";
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {automation
              ? "Only the fields you change are saved."
              : `What the agency runs for ${companyName}. Issue its ingest key once it is registered.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={title}>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <AutomationFields form={form} />
          <DialogFormFooter
            submitLabel={automation ? "Save changes" : "Register automation"}
            pendingLabel="Saving…"
            pending={form.formState.isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
