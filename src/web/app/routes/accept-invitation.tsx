import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { useAuth } from "../../features/auth/auth-context";
import { AcceptInvitationCard } from "../../features/companies/components/accept-invitation-card";

export function Component() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Invitation" />
      <AcceptInvitationCard token={params.get("token")} email={user?.email ?? ""} />
    </>
  );
}
