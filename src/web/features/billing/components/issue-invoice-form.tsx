import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ZAddInvoiceLineRequest, type TAddInvoiceLineRequest } from "../../../../shared/billing";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useIssueInvoice } from "../api/invoice-actions";

/** Staff issue a one-off invoice: one line, finalized and mailed with its PDF (pending charges join it). */
export function IssueInvoiceForm({ companyId, currency }: { companyId: string; currency: string }) {
  const issue = useIssueInvoice(companyId);
  // Each issued invoice starts a fresh amount field (see MoneyInput).
  const [issuedCount, setIssuedCount] = useState(0);
  const form = useForm<TAddInvoiceLineRequest>({
    resolver: zodResolver(ZAddInvoiceLineRequest),
    defaultValues: { description: "" },
  });
  const errors = form.formState.errors;
  const server = issue.isError ? toApiError(issue.error) : undefined;
  const submit = form.handleSubmit((line) =>
    issue.mutate(line, {
      onSuccess: ({ invoice }) => {
        form.reset();
        setIssuedCount((n) => n + 1);
        toast.success(`Invoice ${invoice.number} issued and mailed to the owner.`);
      },
    }),
  );
  return (
    <form
      aria-label="Issue an invoice"
      noValidate
      className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      onSubmit={submit}
    >
      <FormField label="Line description" error={errors.description?.message ?? server?.fields?.description}>
        {(control) => <Input {...control} {...form.register("description")} />}
      </FormField>
      <FormField
        label={`Amount (${currency}, before tax)`}
        error={errors.amountMinor?.message ?? server?.fields?.amountMinor}
      >
        {(control) => <MoneyInput key={issuedCount} {...control} control={form.control} name="amountMinor" />}
      </FormField>
      <Button type="submit" disabled={issue.isPending}>
        {issue.isPending ? "Issuing..." : "Issue invoice"}
      </Button>
      {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
    </form>
  );
}
