import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { plural } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useResendUserConfirmation } from "../api/resend-user-confirmation";
import { useResetSecondFactor } from "../api/reset-second-factor";
import { useRevokeUserSessions } from "../api/revoke-user-sessions";
import { useSetUserRole } from "../api/set-user-role";
import { useUnbanUser } from "../api/unban-user";
import type { TStaffUser } from "../../../../shared/users";

export type SimpleAction = "unban" | "revoke" | "resend" | "role" | "reset-second-factor";

/** What promoting does to a client's company, said before it happens. */
function promotionNote({ company }: TStaffUser): string {
  if (!company) return "";
  const leaves = ` They leave ${company.name}: staff do not belong to client companies.`;
  return company.role === "owner"
    ? `${leaves} As its owner, this works only if ${company.name} has no other members; it then has no owner until someone accepts an invitation to it.`
    : leaves;
}

function useAction(kind: SimpleAction, user: TStaffUser, isSelf: boolean) {
  const unban = useUnbanUser(user.id);
  const revoke = useRevokeUserSessions(user.id);
  const resend = useResendUserConfirmation(user.id);
  const role = useSetUserRole(user.id);
  const resetFactor = useResetSecondFactor(user.id);
  const toStaff = user.role === "client";
  switch (kind) {
    case "unban":
      return {
        mutation: unban,
        run: () => unban.mutateAsync().then(() => `${user.email} can sign in again.`),
        title: `Unban ${user.email}?`,
        description: "They can sign in again with their password. This goes to the audit and security logs.",
        confirmLabel: "Unban",
      };
    case "revoke":
      return {
        mutation: revoke,
        run: () =>
          revoke
            .mutateAsync()
            .then(({ sessionsEnded }) => `${plural(sessionsEnded, "session")} of ${user.email} ended.`),
        title: `Sign ${user.email} out everywhere?`,
        description: `Every session of this account ends now; they can sign in again.${isSelf ? " This is your own account: you are signed out too." : ""}`,
        confirmLabel: "Revoke sessions",
        destructive: true,
      };
    case "reset-second-factor":
      return {
        mutation: resetFactor,
        run: () =>
          resetFactor.mutateAsync().then(() => `The second factor of ${user.email} was removed; they were mailed.`),
        title: `Reset the second factor of ${user.email}?`,
        description:
          "Only when they lost their authenticator app and recovery codes, or their passkeys, and you know it is them " +
          "asking. Their app, recovery codes and passkeys stop working and every session ends; they sign in with " +
          "their password and set up a new one. They are mailed, and this goes to the audit and security logs.",
        confirmLabel: "Reset second factor",
        destructive: true,
      };
    case "resend":
      return {
        mutation: resend,
        run: () => resend.mutateAsync().then(({ email }) => `A new confirmation link is on its way to ${email}.`),
        title: `Send ${user.email} a new confirmation email?`,
        description:
          "They get a new single-use link to confirm their address. One email a minute goes to an address, whoever asks.",
        confirmLabel: "Send email",
      };
    case "role":
      return {
        mutation: role,
        run: () =>
          role
            .mutateAsync({ role: toStaff ? "admin" : "client" })
            .then(() => `${user.email} is now ${toStaff ? "agency staff" : "a client"}.`),
        title: toStaff ? `Make ${user.email} agency staff?` : `Make ${user.email} a client?`,
        description: toStaff
          ? `They can then see every client's data and use the staff screens.${promotionNote(user)}`
          : `They lose the staff screens at once and belong to no client company until invited to one.${isSelf ? " This is your own account." : ""}`,
        confirmLabel: toStaff ? "Make staff" : "Make client",
        destructive: !toStaff,
      };
  }
}

/** The confirmation of one action that needs no input: says what will happen, does it, tells the result. */
export function UserActionDialog({
  kind,
  user,
  isSelf,
  onClose,
}: {
  kind: SimpleAction;
  user: TStaffUser;
  isSelf: boolean;
  onClose: () => void;
}) {
  const { mutation, run, ...text } = useAction(kind, user, isSelf);
  return (
    <ConfirmDialog
      {...text}
      pending={mutation.isPending}
      error={mutation.error?.message}
      onConfirm={() =>
        run().then(
          (message) => {
            toast.success(message);
            onClose();
          },
          () => undefined,
        )
      }
      onClose={onClose}
    />
  );
}
