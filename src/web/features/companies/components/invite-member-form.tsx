import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZInviteMemberRequest, type TInviteMemberRequest } from "../../../../shared/companies";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useInviteMember } from "../api/invite-member";

/** The owner invites a colleague by email (loaded after the team card: it brings the form's validation). */
export function InviteMemberForm() {
  const invite = useInviteMember();
  const form = useForm<TInviteMemberRequest>({
    resolver: zodResolver(ZInviteMemberRequest),
    defaultValues: { email: "" },
  });
  const submit = form.handleSubmit((values) => invite.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Invite a colleague">
      {invite.isSuccess ? (
        <Alert tone="success">
          {invite.data.resent
            ? `${invite.data.email} was already invited: we sent the invitation again, with a new link.`
            : `Invitation sent to ${invite.data.email}.`}
        </Alert>
      ) : null}
      {invite.isError ? <Alert tone="error">{invite.error.message}</Alert> : null}
      <FormField label="Invite a colleague by email" error={form.formState.errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register("email")} />}
      </FormField>
      <Button type="submit" variant="outline" size="sm" className="self-start" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send invitation"}
      </Button>
    </form>
  );
}
