import { MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { BanUserDialog } from "./ban-user-dialog";
import { UserActionDialog, type SimpleAction } from "./user-action-dialog";
import type { TStaffUser } from "../../../../shared/users";

type Action = SimpleAction | "ban";

/** The actions on one account, each behind its confirmation dialog. */
export function UserActionsMenu({ user, isSelf }: { user: TStaffUser; isSelf: boolean }) {
  const [open, setOpen] = useState<Action | null>(null);
  const items: { action: Action; label: string; shown: boolean }[] = [
    { action: "ban", label: "Ban…", shown: !user.banned && !isSelf },
    { action: "unban", label: "Unban…", shown: user.banned },
    { action: "revoke", label: "Revoke sessions…", shown: true },
    {
      action: "reset-second-factor",
      label: "Reset second factor…",
      shown: (user.twoFactorEnabled || user.passkeys > 0) && !isSelf,
    },
    { action: "resend", label: "Resend confirmation…", shown: !user.emailVerified },
    { action: "role", label: user.role === "admin" ? "Make client…" : "Make staff…", shown: true },
  ];
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${user.email}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {items
            .filter((item) => item.shown)
            .map((item) => (
              <DropdownMenuItem key={item.action} onSelect={() => setOpen(item.action)}>
                {item.label}
              </DropdownMenuItem>
            ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {open === "ban" ? <BanUserDialog user={user} onClose={() => setOpen(null)} /> : null}
      {open && open !== "ban" ? (
        <UserActionDialog kind={open} user={user} isSelf={isSelf} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
