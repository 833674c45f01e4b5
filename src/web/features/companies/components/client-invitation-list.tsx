import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useCancelInvitation } from "../api/cancel-invitation";
import { useResendInvitation } from "../api/resend-invitation";
import type { TClientInvitation } from "../../../../shared/client-detail";

/** Invitations nobody has accepted yet, expired ones marked; staff resend or cancel them. */
export function ClientInvitationList({
  companyId,
  companyName,
  invitations,
}: {
  companyId: string;
  companyName: string;
  invitations: TClientInvitation[];
}) {
  const resend = useResendInvitation(companyId);
  const cancel = useCancelInvitation(companyId);
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitation is waiting.</p>;
  return (
    <ul className="divide-y rounded-md border">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{invitation.email}</span>
              {invitation.expired ? <StatusBadge tone="danger">Expired</StatusBadge> : null}
            </p>
            <p className="text-sm text-muted-foreground">
              Sent {formatDate(invitation.createdAt)} ·{" "}
              {invitation.expired
                ? `the link stopped working on ${formatDate(invitation.expiresAt)}`
                : `the link works until ${formatDate(invitation.expiresAt)}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Resend invitation to ${invitation.email}`}>
                  Resend invitation
                </Button>
              }
              title={`Send ${invitation.email} a new invitation?`}
              description="A new link, valid for 7 days, is emailed to them. The link sent before stops working."
              confirmLabel="Send a new link"
              cancelLabel="Keep as is"
              onConfirm={async () => {
                await resend.mutateAsync(invitation.id);
                toast.success(`A new invitation is on its way to ${invitation.email}.`);
              }}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Cancel invitation to ${invitation.email}`}>
                  Cancel invitation
                </Button>
              }
              title={`Cancel the invitation to ${invitation.email}?`}
              description={`The link they were sent stops working, and they cannot join ${companyName} with it. You can invite them again later.`}
              confirmLabel="Cancel the invitation"
              destructive
              cancelLabel="Keep as is"
              onConfirm={async () => {
                await cancel.mutateAsync(invitation.id);
                toast.success(`The invitation to ${invitation.email} was canceled.`);
              }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
