import { Bot, Building2, CreditCard, LayoutDashboard, LifeBuoy, LogOut, Map, Menu, ShieldCheck, UserCog, X } from "lucide-react";
import { useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { Brand } from "../../components/layout/brand";
import { SkipLink } from "../../components/layout/skip-link";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useAuth } from "../../features/auth/auth-context";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { reportSessionTimeout } from "../../features/security/api/report-session-timeout";
import { dispatchSecurityEvent } from "../../features/security/security-events";
import { useInactivityTimeout } from "../../features/security/use-inactivity-timeout";
import { BROWSER_EVENT_NAMES, SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";

const CLIENT_NAV = [
  { to: "/secure-dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/automation-plan", label: "Automation plan", icon: Map },
  { to: "/my-automations", label: "My automations", icon: Bot },
  { to: "/billing", label: "Billing", icon: CreditCard },
  { to: "/support", label: "Support", icon: LifeBuoy },
];
const STAFF_NAV = [
  { to: "/admin", label: "Agency dashboard", icon: ShieldCheck },
  { to: "/clients", label: "Clients", icon: Building2 },
];

function Navigation({ isStaff, onNavigate }: { isStaff: boolean; onNavigate?: () => void }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    cn(
      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
      isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
    );
  return (
    <nav aria-label="Portal" className="flex flex-col gap-1">
      {CLIENT_NAV.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} className={item} onClick={onNavigate}>
          <Icon className="size-4" aria-hidden /> {label}
        </NavLink>
      ))}
      {isStaff ? (
        <>
          <p className="mt-5 px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Agency</p>
          {STAFF_NAV.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={item} onClick={onNavigate}>
              <Icon className="size-4" aria-hidden /> {label}
            </NavLink>
          ))}
        </>
      ) : null}
    </nav>
  );
}

function UserMenu() {
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
      <NavLink to="/account" className={({ isActive }) => cn("flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium", isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground")}>
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

/** The signed-in frame: navigation, user menu and the current screen, behind the guard. */
/** The seed's inactivity rule: event, server-side end of the session, back to sign-in. */
function useSignOutWhenInactive(signedIn: boolean) {
  const { refresh, signOut, keepAlive } = useAuth();
  const navigate = useNavigate();
  useInactivityTimeout(() => {
    dispatchSecurityEvent({ type: BROWSER_EVENT_NAMES.sessionTimeout, message: SESSION_TIMEOUT_MESSAGE });
    // The server logs the timeout and ends the session; should that call fail, a plain
    // sign-out still ends it.
    void reportSessionTimeout()
      .then(() => refresh(), () => signOut())
      .finally(() => navigate("/secure-login", { replace: true }));
  }, signedIn, keepAlive);
}

export function Component() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  useSignOutWhenInactive(Boolean(user));
  const isStaff = user?.role === "admin";

  if (!user) {
    // Checking the session, or signed out: the guard's card alone, without the portal's chrome.
    return (
      <div className="min-h-[calc(100dvh-var(--posture-offset))]">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <Brand />
          <ThemeToggle />
        </header>
        <main id="main">
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-[calc(100dvh-var(--posture-offset))] lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      <header className="sticky top-[var(--posture-offset)] z-30 flex items-center justify-between border-b bg-background/95 px-4 py-3 backdrop-blur lg:hidden">
        <Brand to="/secure-dashboard" />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Button variant="ghost" size="icon" aria-expanded={menuOpen} aria-controls="mobile-menu" aria-label={menuOpen ? "Close menu" : "Open menu"} onClick={() => setMenuOpen((v) => !v)}>
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </header>
      {menuOpen ? (
        <div id="mobile-menu" className="border-b bg-background px-4 py-4 lg:hidden">
          <Navigation isStaff={isStaff} onNavigate={() => setMenuOpen(false)} />
          <div className="mt-4">
            <UserMenu />
          </div>
        </div>
      ) : null}
      <aside className="sticky top-[var(--posture-offset)] hidden h-[calc(100dvh-var(--posture-offset))] flex-col justify-between border-r bg-card px-3 py-5 lg:flex">
        <div>
          <div className="mb-8 flex items-center justify-between px-3">
            <Brand to="/secure-dashboard" />
            <ThemeToggle />
          </div>
          <Navigation isStaff={isStaff} />
        </div>
        <UserMenu />
      </aside>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
