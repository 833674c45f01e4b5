import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  ZCreditNoteRequest,
  ZMarkPaidRequest,
  ZVoidInvoiceRequest,
  type TCreditNoteRequest,
  type TInvoiceSummary,
  type TMarkPaidRequest,
  type TVoidInvoiceRequest,
} from "../../../../shared/billing";
import { dayOf } from "../../../../shared/days";
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
import { MoneyInput } from "../../../components/ui/money-input";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useFinalizeInvoice, useIssueCreditNote, useMarkInvoicePaid, useVoidInvoice } from "../api/invoice-actions";

function MarkPaid({ invoice }: { invoice: TInvoiceSummary }) {
  const pay = useMarkInvoicePaid();
  const [open, setOpen] = useState(false);
  const form = useForm<TMarkPaidRequest>({
    resolver: zodResolver(ZMarkPaidRequest),
    defaultValues: { amountMinor: invoice.totalMinor, paidOn: dayOf(new Date()), reference: "" },
  });
  const errors = form.formState.errors;
  const server = pay.isError ? toApiError(pay.error) : undefined;
  const submit = form.handleSubmit((body) =>
    pay.mutate(
      { id: invoice.id, body },
      { onSuccess: () => (setOpen(false), toast.success(`Invoice ${invoice.number} is paid.`)) },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Mark paid invoice ${invoice.number}`}>
          Mark paid
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark invoice {invoice.number} paid</DialogTitle>
          <DialogDescription>Record the payment as it arrived on the agency's account.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
          <FormField
            label={`Amount received (${invoice.currency})`}
            error={errors.amountMinor?.message ?? server?.fields?.amountMinor}
          >
            {(control) => <MoneyInput {...control} control={form.control} name="amountMinor" />}
          </FormField>
          <FormField label="Paid on" error={errors.paidOn?.message ?? server?.fields?.paidOn}>
            {(control) => <Input {...control} type="date" {...form.register("paidOn")} />}
          </FormField>
          <FormField label="Reference" error={errors.reference?.message ?? server?.fields?.reference}>
            {(control) => <Input {...control} {...form.register("reference")} />}
          </FormField>
          {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
          <DialogFooter>
            <Button type="submit" disabled={pay.isPending}>
              {pay.isPending ? "Saving..." : "Mark paid"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VoidInvoice({ invoice }: { invoice: TInvoiceSummary }) {
  const voiding = useVoidInvoice();
  const [open, setOpen] = useState(false);
  const form = useForm<TVoidInvoiceRequest>({
    resolver: zodResolver(ZVoidInvoiceRequest),
    defaultValues: { reason: "" },
  });
  const server = voiding.isError ? toApiError(voiding.error) : undefined;
  const name = invoice.number ?? "draft";
  const submit = form.handleSubmit((body) =>
    voiding.mutate(
      { id: invoice.id, body },
      { onSuccess: () => (setOpen(false), toast.success(`Invoice ${name} is void.`)) },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Void invoice ${name}`}>
          Void
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void invoice {name}?</DialogTitle>
          <DialogDescription>
            It keeps its number and stays in the list as void. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
          <FormField label="Reason" error={form.formState.errors.reason?.message ?? server?.fields?.reason}>
            {(control) => <Input {...control} {...form.register("reason")} />}
          </FormField>
          {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={voiding.isPending}>
              Void invoice
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CreditInvoice({ invoice }: { invoice: TInvoiceSummary }) {
  const credit = useIssueCreditNote();
  const [open, setOpen] = useState(false);
  const form = useForm<TCreditNoteRequest>({
    resolver: zodResolver(ZCreditNoteRequest),
    defaultValues: { amountMinor: 0, reason: "" },
  });
  const errors = form.formState.errors;
  const server = credit.isError ? toApiError(credit.error) : undefined;
  const submit = form.handleSubmit((body) =>
    credit.mutate(
      { id: invoice.id, body },
      {
        onSuccess: (done) => (
          setOpen(false),
          toast.success(`Credit note ${done.invoice.number} is issued and mailed.`)
        ),
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Credit invoice ${invoice.number}`}>
          Credit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Credit invoice {invoice.number}</DialogTitle>
          <DialogDescription>
            A credit note with its own number names this invoice and is mailed to the owner with its PDF. The amount is
            before tax; tax is taken off at the invoice's rate.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
          <FormField
            label={`Amount to credit, before tax (${invoice.currency})`}
            error={errors.amountMinor?.message ?? server?.fields?.amountMinor}
          >
            {(control) => <MoneyInput {...control} control={form.control} name="amountMinor" />}
          </FormField>
          <FormField label="Reason" error={errors.reason?.message ?? server?.fields?.reason}>
            {(control) => <Input {...control} {...form.register("reason")} />}
          </FormField>
          {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
          <DialogFooter>
            <Button type="submit" disabled={credit.isPending}>
              {credit.isPending ? "Issuing..." : "Issue credit note"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Staff's buttons on an invoice row: finalize a draft; mark paid or void an open one. */
export function InvoiceRowActions({ invoice }: { invoice: TInvoiceSummary }) {
  const finalize = useFinalizeInvoice();
  if (invoice.status === "draft")
    return (
      <>
        <Button size="sm" variant="outline" disabled={finalize.isPending} onClick={() => finalize.mutate(invoice.id)}>
          Finalize<span className="sr-only"> draft invoice</span>
        </Button>
        <VoidInvoice invoice={invoice} />
      </>
    );
  if (invoice.kind !== "invoice") return null;
  if (invoice.status === "paid") return <CreditInvoice invoice={invoice} />;
  if (invoice.status !== "open") return null;
  return (
    <>
      <MarkPaid invoice={invoice} />
      <CreditInvoice invoice={invoice} />
      <VoidInvoice invoice={invoice} />
    </>
  );
}
