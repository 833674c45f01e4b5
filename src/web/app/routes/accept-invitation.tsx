import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { useAuth } from "../../features/auth/auth-context";
import { AcceptInvitationCard } from "../../features/companies/components/accept-invitation-card";

export function Component() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const readOnly = useReadOnly();
  return (
    <>
      <PageHeader title="Invitation" />
      {readOnly ? (
        <ReadOnlyNote action="Accepting an invitation" />
      ) : (
        <AcceptInvitationCard token={params.get("token")} email={user?.email ?? ""} />
      )}
    </>
  );
}
