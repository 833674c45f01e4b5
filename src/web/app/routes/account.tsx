import { useNavigate } from "react-router";
import { secondFactorDemand } from "../../../shared/second-factor";
import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { Alert } from "../../components/ui/alert";
import { useMe } from "../../features/account/api/get-me";
import { DeleteAccountCard } from "../../features/account/components/delete-account-card";
import { NotificationsCard } from "../../features/account/components/notifications-card";
import { PasskeysCard } from "../../features/account/components/passkeys-card";
import { PasswordCard } from "../../features/account/components/password-card";
import { ProfileCard } from "../../features/account/components/profile-card";
import { SessionsCard } from "../../features/account/components/sessions-card";
import { TwoFactorCard } from "../../features/account/components/two-factor-card";
import { useAuth } from "../../features/auth/auth-context";
import { ChannelsCard } from "../../features/channels/components/channels-card";

export function Component() {
  const { user, session, refresh } = useAuth();
  const navigate = useNavigate();
  const me = useMe();
  const readOnly = useReadOnly();
  if (!user || !session) return null;
  const demand = secondFactorDemand(user, session, me.data?.company);
  const header = (
    <PageHeader title="Account" description="Your profile, password, email notifications and signed-in devices." />
  );
  // Staff viewing a client's portal change nothing, their own account included, until they exit.
  if (readOnly)
    return (
      <>
        {header}
        <ReadOnlyNote action="Changing account settings" />
      </>
    );
  return (
    <>
      {header}
      {demand === "staff" ? (
        <Alert tone="info" className="mb-6">
          Staff accounts need a second factor: set up an authenticator app or add a passkey below to open the staff
          area. If you already have a passkey, sign out and sign in with it.
        </Alert>
      ) : demand === "company" ? (
        <Alert tone="info" className="mb-6">
          {me.data?.company?.name ?? "Your company"} requires a second factor of all its members: set up an
          authenticator app or add a passkey below to continue to the portal. If you already have a passkey, sign out
          and sign in with it.
        </Alert>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="xl:col-span-2">
          <TwoFactorCard enabled={user.twoFactorEnabled} onChanged={() => void refresh()} />
        </div>
        <div className="xl:col-span-2">
          <PasskeysCard onChanged={() => void refresh()} />
        </div>
        <ProfileCard name={user.name} email={user.email} onChanged={() => void refresh()} />
        <PasswordCard onChanged={() => void refresh()} />
        <div className="xl:col-span-2">
          {/* The digest is a client company's: staff get alerts only. */}
          <NotificationsCard receivesDigest={Boolean(me.data?.company)} />
        </div>
        {/* A company's alert channels are its owner's to manage; staff manage the agency's under /admin/notifications. */}
        {me.data?.company?.role === "owner" ? (
          <div className="xl:col-span-2">
            <ChannelsCard audience="company" />
          </div>
        ) : null}
        <div className="xl:col-span-2">
          <SessionsCard currentSessionId={session.id} />
        </div>
        <div className="xl:col-span-2">
          <DeleteAccountCard
            email={user.email}
            onDeleted={() => {
              void refresh().finally(() => navigate("/", { replace: true }));
            }}
          />
        </div>
      </div>
    </>
  );
}
