import { PageHeader } from "../../components/layout/page-header";
import { useAuth } from "../../features/auth/auth-context";
import { UsersAdmin } from "../../features/users/components/users-admin";

export function Component() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Users"
        description="Every account: find one, ban or unban it, end its sessions, resend its confirmation or change its role."
      />
      {user ? <UsersAdmin currentUserId={user.id} /> : null}
    </>
  );
}
