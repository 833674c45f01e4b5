import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  ZConvertLeadRequest,
  type TConvertLeadRequest,
  type TConvertLeadResponse,
  type TLead,
  type TLeadMatch,
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
import { toast } from "../../../lib/toast";
import { useConvertLead } from "../api/convert-lead";
import { useLeadMatches } from "../api/list-lead-matches";

const NEW = "new";

/**
 * Converts, then `done`: not through mutate's onSuccess, since the refetched list (the lead now
 * won) unmounts the dialog first and such a callback then never runs. Errors show in the form.
 */
const convertThen =
  (convert: ReturnType<typeof useConvertLead>, done: (result: TConvertLeadResponse) => void) =>
  (request: Parameters<ReturnType<typeof useConvertLead>["mutateAsync"]>[0]) =>
    convert.mutateAsync(request).then(done, () => {});

/**
 * "Convert to client": the existing companies the lead may belong to (an account or invitation of
 * its address, a member of its email domain) are offered first, so that no duplicate is made; or
 * a new company, named from the lead. The list says what was made (the lead may leave a filtered
 * list once it is won).
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
  const matches = useLeadMatches(lead.id, open);
  const [choice, setChoice] = useState<string | null>(null);
  const offered = matches.data?.matches ?? [];
  // An existing company is chosen by default when one holds the lead's own account or invitation.
  const chosen = choice ?? (offered[0] && offered[0].reason !== "domain" ? offered[0].companyId : NEW);
  const form = useForm<TConvertLeadRequest>({
    resolver: zodResolver(ZConvertLeadRequest),
    defaultValues: { companyName: lead.company ?? lead.name },
  });
  const done = (result: TConvertLeadResponse) => {
    setOpen(false);
    onConverted(result);
    toast.success(
      result.invitation
        ? `${result.company.name} is a client now; the invitation is on its way.`
        : `${result.company.name} is a client now; ${lead.email} is already in it.`,
    );
  };
  const submit =
    chosen === NEW
      ? form.handleSubmit((values) => convertThen(convert, done)({ companyName: values.companyName }))
      : (event: React.FormEvent) => {
          event.preventDefault();
          void convertThen(convert, done)({ existingCompanyId: chosen });
        };
  const existing = offered.find((m) => m.companyId === chosen);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setChoice(null);
        convert.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Convert to client: ${lead.name}`}>
          <Building2 aria-hidden /> Convert to client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert {lead.name} to a client</DialogTitle>
          <DialogDescription>
            This emails an invitation to join the company&apos;s portal to{" "}
            <strong className="text-foreground">{lead.email}</strong> and marks the lead won. Whoever accepts first
            becomes the owner of a company that has none.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Convert to client">
          {convert.isError ? <Alert tone="error">{convert.error.message}</Alert> : null}
          {matches.isPending ? <p role="status">Looking for an existing company…</p> : null}
          {matches.isError ? <Alert tone="error">{matches.error.message}</Alert> : null}
          {offered.length > 0 ? <MatchChoices offered={offered} chosen={chosen} onChoose={setChoice} /> : null}
          {chosen === NEW ? (
            <FormField label="Company name" error={form.formState.errors.companyName?.message}>
              {(field) => <Input {...field} autoComplete="organization" {...form.register("companyName")} />}
            </FormField>
          ) : null}
          <DialogFormFooter
            submitLabel={
              existing ? `Use ${existing.companyName} and send invitation` : "Create client and send invitation"
            }
            pendingLabel="Converting..."
            pending={convert.isPending || matches.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The existing companies, each with why it matches, and "a new company" last. */
function MatchChoices({
  offered,
  chosen,
  onChoose,
}: {
  offered: TLeadMatch[];
  chosen: string;
  onChoose: (companyId: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">This lead may already be a client</legend>
      {[...offered, null].map((match) => {
        const value = match?.companyId ?? NEW;
        return (
          <label
            key={value}
            className="flex items-start gap-2 rounded-md border p-3 text-sm has-checked:border-primary"
          >
            <input
              type="radio"
              name="convert-into"
              value={value}
              checked={chosen === value}
              onChange={() => onChoose(value)}
              className="mt-1"
            />
            <span>
              <span className="block font-medium">{match ? `Use ${match.companyName}` : "Create a new company"}</span>
              <span className="block text-muted-foreground">
                {match ? match.detail : "Only if none of the above is this lead's company."}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
