import { LogOut, UserCog } from "lucide-react";
import { useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { useAuth } from "../../features/auth/auth-context";
import { navItemClass } from "./portal-navigation";

/** Who is signed in, their account settings, and signing out. */
export function PortalUserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const doSignOut = async () => {
    const failure = await signOut();
    if (failure) setError(failure.message);
    else navigate("/secure-login", { replace: true });
  };
  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <div className="px-3">
        <p className="truncate text-sm font-medium">{user.name || user.email}</p>
        {user.name ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
        <p className="text-xs text-muted-foreground">{user.role === "admin" ? "Agency staff" : "Client"}</p>
      </div>
      <NavLink to="/account" className={navItemClass}>
        <UserCog className="size-4" aria-hidden /> Account settings
      </NavLink>
      <Button variant="ghost" className="justify-start" onClick={doSignOut}>
        <LogOut aria-hidden /> Sign out
      </Button>
      {error ? (
        <p role="alert" className="px-3 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
