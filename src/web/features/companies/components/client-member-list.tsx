import { Crown } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useMakeOwner } from "../api/make-owner";
import { useRemoveMember } from "../api/remove-member";
import type { TClientMember } from "../../../../shared/client-detail";

/** The company's people, the owner first; staff make another member owner or remove a member. */
export function ClientMemberList({
  companyId,
  companyName,
  members,
}: {
  companyId: string;
  companyName: string;
  members: TClientMember[];
}) {
  const makeOwner = useMakeOwner(companyId);
  const remove = useRemoveMember(companyId);
  const owner = members.find((m) => m.role === "owner");
  if (members.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody has joined yet. Invite the first person below.</p>;
  return (
    <ul className="divide-y rounded-md border">
      {members.map((member) => (
        <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{member.name || member.email}</span>
              {member.role === "owner" ? (
                <StatusBadge tone="info">
                  <Crown className="size-3" aria-hidden /> Owner
                </StatusBadge>
              ) : null}
              {member.emailVerified ? null : <StatusBadge tone="warning">Email not confirmed</StatusBadge>}
            </p>
            <p className="text-sm break-all text-muted-foreground">
              {member.email} · joined {formatDate(member.since)}
            </p>
          </div>
          {member.role === "owner" ? (
            <p className="text-xs text-muted-foreground sm:max-w-56 sm:text-right">
              To remove the owner, make someone else the owner first.
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Make owner: ${member.email}`}>
                    Make owner
                  </Button>
                }
                title={`Make ${member.email} the owner?`}
                description={`${member.email} becomes the owner of ${companyName}: they invite people and set the company's hourly value.${owner ? ` ${owner.email} stays on as a member.` : ""}`}
                confirmLabel="Make owner"
                cancelLabel="Keep as is"
                onConfirm={async () => {
                  await makeOwner.mutateAsync(member.userId);
                  toast.success(`${member.email} is now the owner of ${companyName}.`);
                }}
              />
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Remove ${member.email}`}>
                    Remove
                  </Button>
                }
                title={`Remove ${member.email} from ${companyName}?`}
                description={`They can no longer see ${companyName}'s portal. Their account stays, without a company; invite them again to bring them back.`}
                confirmLabel="Remove from the company"
                destructive
                cancelLabel="Keep as is"
                onConfirm={async () => {
                  await remove.mutateAsync(member.userId);
                  toast.success(`${member.email} was removed from ${companyName}.`);
                }}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
