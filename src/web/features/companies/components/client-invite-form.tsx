import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZInviteMemberRequest, type TInviteMemberRequest } from "../../../../shared/companies";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useInviteToClientCompany } from "../api/invite-to-client-company";

/** Staff invite someone to the company by email, on its behalf. */
export function ClientInviteForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const invite = useInviteToClientCompany(companyId);
  const form = useForm<TInviteMemberRequest>({
    resolver: zodResolver(ZInviteMemberRequest),
    defaultValues: { email: "" },
  });
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        form.reset();
        const what = sent.resent
          ? `${sent.email} was already invited: invitation sent again`
          : `Invitation sent to ${sent.email}`;
        toast.success(`${what}; the link works until ${formatDate(sent.expiresAt)}.`);
      },
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Invite someone to ${companyName}`}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField
        label="Invite someone by email"
        error={form.formState.errors.email?.message}
        hint="They get a link to join the company's portal; it works for 7 days."
        className="sm:max-w-sm sm:flex-1"
      >
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register("email")} />}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send invitation"}
      </Button>
      {invite.isError ? (
        <Alert tone="error" className="sm:mt-7">
          {toApiError(invite.error).message}
        </Alert>
      ) : null}
    </form>
  );
}
