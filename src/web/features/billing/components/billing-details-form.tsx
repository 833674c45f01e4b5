import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZBillingDetailsRequest, type TBillingDetails, type TBillingDetailsRequest } from "../../../../shared/billing";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSaveBillingDetails } from "../api/billing-details";

const explain = (required: boolean, details: TBillingDetails | null) =>
  (required && !details ? "Needed before your next invoice can be issued. " : "") +
  "They are printed on every invoice issued from now on; issued invoices keep the details they were issued with.";

function ReadOnlyDetails({ details }: { details: TBillingDetails | null }) {
  if (!details) return <p className="text-sm">Not filled in yet: your company's owner fills them in here.</p>;
  return (
    <address className="text-sm whitespace-pre-line not-italic">
      {[details.legalName, details.address, details.vatNumber && `VAT ${details.vatNumber}`].filter(Boolean).join("\n")}
    </address>
  );
}

function DetailsForm({ details, companyId }: { details: TBillingDetails | null; companyId?: string }) {
  const save = useSaveBillingDetails(companyId);
  const form = useForm<TBillingDetailsRequest>({
    resolver: zodResolver(ZBillingDetailsRequest),
    values: {
      legalName: details?.legalName ?? "",
      address: details?.address ?? "",
      vatNumber: details?.vatNumber ?? "",
    },
  });
  const errors = form.formState.errors;
  const server = save.isError ? toApiError(save.error) : undefined;
  const fieldError = (name: keyof TBillingDetailsRequest) => errors[name]?.message ?? server?.fields?.[name];
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: () => toast.success("The legal details on invoices are saved.") }),
  );
  return (
    <form className="flex max-w-lg flex-col gap-3" noValidate onSubmit={submit}>
      <FormField label="Legal name" error={fieldError("legalName")}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register("legalName")} />}
      </FormField>
      <FormField label="Address" hint="As it should print, one line each" error={fieldError("address")}>
        {(control) => <Textarea {...control} rows={3} autoComplete="street-address" {...form.register("address")} />}
      </FormField>
      <FormField label="VAT number" hint="Optional" error={fieldError("vatNumber")}>
        {(control) => <Input {...control} {...form.register("vatNumber")} />}
      </FormField>
      {server && !server.fields ? <Alert tone="error">{server.message}</Alert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save legal details"}
      </Button>
    </form>
  );
}

/**
 * The company's legal name, address and VAT number as invoices print them. Editable by the owner
 * (and by staff, with `companyId`); `readOnly` shows them to a member.
 */
export function BillingDetailsForm({
  details,
  required,
  companyId,
  readOnly = false,
}: {
  details: TBillingDetails | null;
  required: boolean;
  companyId?: string;
  readOnly?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal details on invoices</CardTitle>
        <CardDescription>{explain(required, details)}</CardDescription>
      </CardHeader>
      <CardContent>
        {readOnly ? <ReadOnlyDetails details={details} /> : <DetailsForm details={details} companyId={companyId} />}
      </CardContent>
    </Card>
  );
}
