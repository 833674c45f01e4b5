import { Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { ReadOnlyNote, useReadOnly } from "../../../components/layout/read-only";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { useCompany } from "../api/get-company";
import { SecondFactorPolicy } from "./second-factor-policy";

// Not in the dashboard's first download: the form brings react-hook-form and zod, whose schemas
// take longer to build than the whole card to render; it loads as the card comes into view.
const InviteMemberForm = lazy(() =>
  import("./invite-member-form").then((module) => ({ default: module.InviteMemberForm })),
);

/**
 * The company's people; its owner invites more by email, sees who has a second factor and may
 * require one of everyone. `ownerPassedSecondFactor`: whether this session passed one (the owner
 * needs it to require one).
 */
export function TeamCard({ ownerPassedSecondFactor }: { ownerPassedSecondFactor: boolean }) {
  const company = useCompany();
  const readOnly = useReadOnly();
  const [inviteSpot, inviteNear] = useNearViewport<HTMLDivElement>();
  if (!company.data) return null;
  const { members, invitations, role } = company.data;
  const membersWithout = members.filter((m) => m.hasSecondFactor === false).length;
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Users className="size-4" aria-hidden /> Team
        </CardDescription>
        <CardTitle>People in {company.data.company.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <ul className="flex flex-col gap-1">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>
                {m.name || m.email}{" "}
                <span className="text-muted-foreground">
                  · {m.email} · {m.role}
                </span>
              </span>
              {/* Only the owner is told who has one (null for members). */}
              {m.hasSecondFactor === null ? null : m.hasSecondFactor ? (
                <Badge variant="success">Second factor on</Badge>
              ) : (
                <Badge variant="warning">No second factor</Badge>
              )}
            </li>
          ))}
          {invitations.map((i) => (
            <li key={i.id} className="text-muted-foreground">
              {i.email} · invited, not joined yet
            </li>
          ))}
        </ul>
        {role === "owner" && !readOnly ? (
          <SecondFactorPolicy
            required={company.data.company.requireSecondFactor}
            ownerPassedSecondFactor={ownerPassedSecondFactor}
            membersWithout={membersWithout}
          />
        ) : null}
        {readOnly ? (
          <ReadOnlyNote action="Inviting a colleague" />
        ) : role === "owner" ? (
          // The form's height is kept while it loads: the cards below do not move when it comes.
          <div ref={inviteSpot} className="min-h-28">
            {inviteNear ? (
              <Suspense fallback={null}>
                <InviteMemberForm />
              </Suspense>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
