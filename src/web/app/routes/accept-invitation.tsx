import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../features/auth/auth-context";
import { InvitationSignUpForm } from "../../features/auth/components/invitation-sign-up-form";
import { AcceptInvitationCard } from "../../features/companies/components/accept-invitation-card";
import { InvitationWelcome } from "../../features/companies/components/invitation-welcome";
import { AuthPageFrame } from "../layouts/auth-page-frame";
import { Loading } from "../layouts/root-layout";

/**
 * Where an emailed invitation lands; works signed out. Signed in, the invited person accepts it;
 * signed out, a newcomer makes their account from it and joins the inviting company (no company of
 * their own is made), and one with an account signs in first and comes back here.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const { user, loading } = useAuth();
  useEffect(() => {
    document.title = "Invitation · Cogwork";
  }, []);
  if (loading) return <Loading />;
  return (
    <AuthPageFrame>
      {user ? (
        <AcceptInvitationCard token={token} email={user.email} />
      ) : (
        <InvitationWelcome token={token} signUp={(invitation) => <InvitationSignUpForm invitation={invitation} />} />
      )}
    </AuthPageFrame>
  );
}
