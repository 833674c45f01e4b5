import { Loader2, Lock, ShieldAlert } from "lucide-react";
import { Link, Navigate, useLocation } from "react-router";
import { screenAccess, screenPath } from "../../../../shared/routes";
import { passedSecondFactor, secondFactorDemand } from "../../../../shared/second-factor";
import { buttonClasses } from "../../../components/ui/button";
import { useAuth } from "../auth-context";
import { GuardCard } from "./guard-card";
import type { ReactNode } from "react";

/** The seed's three guard states: checking, sign-in required, or the protected content. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <GuardCard
        title="Checking Authentication"
        text="Please wait while we verify your session..."
        icon={<Loader2 className="mb-2 size-8 animate-spin text-primary" aria-hidden />}
      />
    );
  }
  if (!user) {
    const next = location.pathname + location.search;
    return (
      <GuardCard
        title="Authentication Required"
        text="Please sign in to access this area."
        icon={<Lock className="mb-2 size-8 text-primary" aria-hidden />}
      >
        <Link to={screenPath("/secure-login", { next })} className={buttonClasses()}>
          Sign In
        </Link>
      </GuardCard>
    );
  }
  return children;
}

/**
 * The guard of every signed-in screen, from the access the screen declares in src/shared/routes.ts:
 * the seed's sign-in states, then "No access" for a client on a staff screen. The server refuses
 * the data regardless. `company`: the client's company as /api/me tells it, whose owner may
 * require a second factor: a member without one is sent to their account to set it up first.
 */
export function RequireScreenAccess({
  children,
  company,
}: {
  children: ReactNode;
  company?: { requireSecondFactor: boolean } | null;
}) {
  const { user, session } = useAuth();
  const { pathname } = useLocation();
  if (!user || !session) return <RequireAuth>{children}</RequireAuth>;
  if (
    pathname !== screenPath("/account") &&
    user.role !== "admin" &&
    secondFactorDemand(user, session, company) === "company"
  ) {
    return <Navigate to={screenPath("/account")} replace />;
  }
  // Staff set up a second factor (or sign in with their passkey) before any staff screen (the API refuses them too).
  if (screenAccess(pathname) === "staff" && user.role === "admin" && !passedSecondFactor(user, session)) {
    return <Navigate to={screenPath("/account")} replace />;
  }
  if (screenAccess(pathname) === "staff" && user.role !== "admin") {
    return (
      <GuardCard
        title="No access"
        text="This area is for Cogwork agency staff. Your account is a client account, so it cannot open this page."
        icon={<ShieldAlert className="mb-2 size-8 text-destructive" aria-hidden />}
      >
        <Link to={screenPath("/secure-dashboard")} className={buttonClasses("outline")}>
          Back to your dashboard
        </Link>
      </GuardCard>
    );
  }
  return children;
}
