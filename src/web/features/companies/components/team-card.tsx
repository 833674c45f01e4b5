import { Users } from "lucide-react";
import { Suspense, useEffect } from "react";
import { ReadOnlyNote, useReadOnly } from "../../../components/layout/read-only";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";
import { useCompany } from "../api/get-company";

// Not in the dashboard's first download: the form brings react-hook-form and zod.
const InviteMemberForm = lazyWithPreload(() =>
  import("./invite-member-form").then((module) => module.InviteMemberForm),
);

/**
 * The company's people; its owner invites more by email. `isOwner` comes from the signed-in
 * user, known before the company is: the owner's form loads meanwhile, and is usually there when
 * the card first shows.
 */
export function TeamCard({ isOwner }: { isOwner: boolean }) {
  const company = useCompany();
  const readOnly = useReadOnly();
  useEffect(() => {
    if (isOwner) InviteMemberForm.preload().catch(() => undefined);
  }, [isOwner]);
  if (!company.data) return null;
  const { members, invitations, role } = company.data;
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
            <li key={m.userId}>
              {m.name || m.email}{" "}
              <span className="text-muted-foreground">
                · {m.email} · {m.role}
              </span>
            </li>
          ))}
          {invitations.map((i) => (
            <li key={i.id} className="text-muted-foreground">
              {i.email} · invited, not joined yet
            </li>
          ))}
        </ul>
        {readOnly ? (
          <ReadOnlyNote action="Inviting a colleague" />
        ) : role === "owner" ? (
          <Suspense fallback={null}>
            <InviteMemberForm />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
