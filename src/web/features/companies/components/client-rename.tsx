import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZUpdateClientCompanyRequest, type TUpdateClientCompanyRequest } from "../../../../shared/client-detail";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useUpdateClientCompany } from "../api/update-client-company";

/** Staff rename a client company; the change is recorded in its activity. */
export function ClientRename({ company }: { company: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateClientCompany(company.id);
  const form = useForm<TUpdateClientCompanyRequest>({
    resolver: zodResolver(ZUpdateClientCompanyRequest),
    defaultValues: { name: company.name },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ company: renamed }) => {
        setOpen(false);
        toast.success(`${company.name} is now called ${renamed.name}.`);
      },
    }),
  );
  const toggle = (next: boolean) => {
    setOpen(next);
    form.reset({ name: company.name });
    update.reset();
  };
  return (
    <Dialog open={open} onOpenChange={toggle}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename {company.name}</DialogTitle>
          <DialogDescription>The new name shows everywhere at once and is recorded in its activity.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Rename the company">
          {update.isError ? <Alert tone="error">{toApiError(update.error).message}</Alert> : null}
          <FormField label="Company name" error={form.formState.errors.name?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...form.register("name")} />}
          </FormField>
          <DialogFormFooter submitLabel="Rename" pendingLabel="Renaming…" pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
