import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ZCreateClientCompanyRequest, type TCreateClientCompanyRequest } from "../../../../shared/companies";
import { screenPath } from "../../../../shared/routes";
import { browserTimeZone } from "../../../../shared/time-zone-names";
import { Alert } from "../../../components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { TimeZoneSelect } from "../../../components/ui/time-zone-select";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCreateClientCompany } from "../api/create-client-company";

const FIELDS = ["name", "timeZone", "inviteEmail"] as const;

/** Creates a client company (and invites its first user), then opens its page. */
export function NewClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const create = useCreateClientCompany();
  const form = useForm<TCreateClientCompanyRequest>({
    resolver: zodResolver(ZCreateClientCompanyRequest),
    // The staff member's own zone to start with: most clients work where the agency does.
    defaultValues: { name: "", timeZone: browserTimeZone() ?? "UTC", inviteEmail: "" },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ company, invitation }) => {
        toast.success(
          invitation ? `Created ${company.name} and invited ${invitation.email}.` : `Created ${company.name}.`,
        );
        onOpenChange(false);
        form.reset();
        void navigate(screenPath("/clients/:id", { id: company.id }));
      },
      onError: (error) => {
        const fields = toApiError(error).fields ?? {};
        for (const field of FIELDS) if (fields[field]) form.setError(field, { message: fields[field] });
      },
    }),
  );
  const close = (next: boolean) => {
    if (!next) create.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New client</DialogTitle>
          <DialogDescription>
            Creates the company&apos;s portal. The first user you invite becomes its owner when they accept. Its status
            follows its plan and invoices.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="New client">
          {create.isError ? <Alert tone="error">{toApiError(create.error).message}</Alert> : null}
          <FormField label="Company name" error={errors.name?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...form.register("name")} />}
          </FormField>
          <FormField
            label="Time zone"
            error={errors.timeZone?.message}
            hint="The client's days and months (today, this month, charts, the weekly digest) follow it."
          >
            {(field) => <TimeZoneSelect {...field} {...form.register("timeZone")} />}
          </FormField>
          <FormField
            label="First user's email (optional)"
            error={errors.inviteEmail?.message}
            hint="They get an invitation by email to set up their account."
          >
            {(field) => <Input {...field} type="email" autoComplete="off" {...form.register("inviteEmail")} />}
          </FormField>
          <DialogFormFooter submitLabel="Create client" pendingLabel="Creating…" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
