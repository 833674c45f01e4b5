import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ClientInvitationList } from "./client-invitation-list";
import { ClientInviteForm } from "./client-invite-form";
import { ClientMemberList } from "./client-member-list";
import type { TGetClientCompanyResponse } from "../../../../shared/client-detail";

/** The Members tab: who is in the company, who is invited, and an invitation form. */
export function ClientMembersTab({ detail }: { detail: TGetClientCompanyResponse }) {
  const { company, members, invitations } = detail;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Members</CardTitle>
          <CardDescription>The people who use {company.name}'s portal.</CardDescription>
        </CardHeader>
        <CardContent>
          <ClientMemberList companyId={company.id} companyName={company.name} members={members} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Invitations</CardTitle>
          <CardDescription>Sent, not accepted yet.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ClientInvitationList companyId={company.id} companyName={company.name} invitations={invitations} />
          <ClientInviteForm companyId={company.id} companyName={company.name} />
        </CardContent>
      </Card>
    </div>
  );
}
