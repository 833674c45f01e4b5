import { zodResolver } from "@hookform/resolvers/zod";
import { Users } from "lucide-react";
import { useForm } from "react-hook-form";
import { ZInviteMemberRequest, type TInviteMemberRequest } from "../../../../shared/companies";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useCompany } from "../api/get-company";
import { useInviteMember } from "../api/invite-member";

/** The company's people; its owner invites more by email. */
export function TeamCard() {
  const company = useCompany();
  const invite = useInviteMember();
  const form = useForm<TInviteMemberRequest>({
    resolver: zodResolver(ZInviteMemberRequest),
    defaultValues: { email: "" },
  });
  if (!company.data) return null;
  const { members, invitations, role } = company.data;
  const submit = form.handleSubmit((values) => invite.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Users className="size-4" aria-hidden /> Team
        </CardDescription>
        <CardTitle>People in {company.data.company.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <ul className="flex flex-col gap-1">
          {members.map((m) => (
            <li key={m.userId}>
              {m.name || m.email}{" "}
              <span className="text-muted-foreground">
                · {m.email} · {m.role}
              </span>
            </li>
          ))}
          {invitations.map((i) => (
            <li key={i.id} className="text-muted-foreground">
              {i.email} · invited, not joined yet
            </li>
          ))}
        </ul>
        {role === "owner" ? (
          <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Invite a colleague">
            {invite.isSuccess ? <Alert tone="success">Invitation sent to {invite.data.email}.</Alert> : null}
            {invite.isError ? <Alert tone="error">{invite.error.message}</Alert> : null}
            <FormField label="Invite a colleague by email" error={form.formState.errors.email?.message}>
              {(field) => <Input {...field} type="email" autoComplete="off" {...form.register("email")} />}
            </FormField>
            <Button type="submit" variant="outline" size="sm" className="self-start" disabled={invite.isPending}>
              {invite.isPending ? "Sending…" : "Send invitation"}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
