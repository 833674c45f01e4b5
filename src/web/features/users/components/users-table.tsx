import { Badge } from "../../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import { UserActionsMenu } from "./user-actions-menu";
import type { TStaffUser } from "../../../../shared/users";

const sticky = "sticky left-0 z-10 bg-card";
/** The header's tint over the card, opaque, so that cells scrolling under the sticky one do not show through. */
const stickyHead = "sticky left-0 z-10 bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-card))]";

/** The accounts of one page; the name stays in view while the table scrolls sideways on a phone. */
export function UsersTable({ users, currentUserId }: { users: TStaffUser[]; currentUserId: string }) {
  return (
    <Table label="Users">
      <TableHeader>
        <TableRow>
          <TableHead className={stickyHead}>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Confirmed</TableHead>
          <TableHead>Second factor</TableHead>
          <TableHead>Banned</TableHead>
          <TableHead>Signed up</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className={`${sticky} max-w-40 truncate font-medium sm:max-w-56`}>
              {user.name || "—"}
              {user.id === currentUserId ? <span className="text-muted-foreground"> (you)</span> : null}
            </TableCell>
            <TableCell className="min-w-48 [overflow-wrap:anywhere]">{user.email}</TableCell>
            <TableCell>
              {user.role === "admin" ? <Badge>Staff</Badge> : <Badge variant="secondary">Client</Badge>}
            </TableCell>
            <TableCell className="min-w-40">
              {user.company ? (
                <>
                  {user.company.name} <span className="text-muted-foreground">· {user.company.role}</span>
                </>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>{user.emailVerified ? "Yes" : <Badge variant="warning">Not yet</Badge>}</TableCell>
            <TableCell>
              {user.twoFactorEnabled || user.passkeys > 0 ? (
                secondFactorsOf(user)
              ) : user.role === "admin" ? (
                <Badge variant="warning">None yet</Badge>
              ) : (
                "None"
              )}
            </TableCell>
            <TableCell className="min-w-32">
              {user.banned ? (
                <div className="flex flex-col items-start gap-1">
                  <Badge variant="destructive">Banned</Badge>
                  {user.banReason ? <span className="text-xs text-muted-foreground">{user.banReason}</span> : null}
                </div>
              ) : (
                "No"
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(user.createdAt)}</TableCell>
            <TableCell className="text-right">
              <UserActionsMenu user={user} isSelf={user.id === currentUserId} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "Authenticator app, 2 passkeys": the second factors an account has. */
function secondFactorsOf(user: Pick<TStaffUser, "twoFactorEnabled" | "passkeys">): string {
  const passkeys = user.passkeys === 1 ? "1 passkey" : user.passkeys > 1 ? `${user.passkeys} passkeys` : null;
  return [user.twoFactorEnabled ? "Authenticator app" : null, passkeys].filter(Boolean).join(", ");
}
