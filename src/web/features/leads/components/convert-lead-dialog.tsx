import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  ZConvertLeadRequest,
  type TConvertLeadRequest,
  type TConvertLeadResponse,
  type TLead,
} from "../../../../shared/leads";
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
import { useConvertLead } from "../api/convert-lead";

/**
 * "Convert to client": the company's name (from the lead) and what will be sent.
 * The list says what was made (the lead may leave a filtered list once it is won).
 */
export function ConvertLeadDialog({
  lead,
  onConverted,
}: {
  lead: TLead;
  onConverted: (result: TConvertLeadResponse) => void;
}) {
  const [open, setOpen] = useState(false);
  const convert = useConvertLead(lead.id);
  const form = useForm<TConvertLeadRequest>({
    resolver: zodResolver(ZConvertLeadRequest),
    defaultValues: { companyName: lead.company ?? lead.name },
  });
  const submit = form.handleSubmit((values) =>
    convert.mutate(values, {
      onSuccess: (result) => {
        setOpen(false);
        onConverted(result);
        toast.success(`${result.company.name} is a client now; the invitation is on its way.`);
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Convert to client: ${lead.name}`}>
          <Building2 aria-hidden /> Convert to client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert {lead.name} to a client</DialogTitle>
          <DialogDescription>
            This creates the client company and emails an invitation to join its portal to{" "}
            <strong className="text-foreground">{lead.email}</strong>. Whoever accepts first becomes its owner. The lead
            is marked won.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Convert to client">
          {convert.isError ? <Alert tone="error">{convert.error.message}</Alert> : null}
          <FormField label="Company name" error={form.formState.errors.companyName?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...form.register("companyName")} />}
          </FormField>
          <DialogFormFooter
            submitLabel="Create client and send invitation"
            pendingLabel="Creating..."
            pending={convert.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
