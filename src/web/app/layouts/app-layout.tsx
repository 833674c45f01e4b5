import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Menu, X } from "lucide-react";
import { Suspense, useCallback, useEffect, useState, type ComponentProps } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { staffEquivalent } from "../../../shared/routes";
import { passedSecondFactor } from "../../../shared/second-factor";
import { Brand } from "../../components/layout/brand";
import { ReadOnlyProvider } from "../../components/layout/read-only";
import { SkipLink } from "../../components/layout/skip-link";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { Button } from "../../components/ui/button";
import { getMeQueryOptions } from "../../features/account/api/get-me";
import { useAuth } from "../../features/auth/auth-context";
import { RequireScreenAccess } from "../../features/auth/components/require-auth";
import { ApiError } from "../../lib/api";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { useHydrated } from "../../lib/use-hydrated";
import { PortalNavigation } from "./portal-navigation";
import { PortalUserMenu } from "./portal-user-menu";
import { Loading } from "./root-layout";
import { useSignOutWhenInactive } from "./use-sign-out-when-inactive";
import type { AuthSession, AuthUser } from "../../features/auth/api/get-session";

// Staff only (viewing a client's portal): asked for once the session names staff, alongside /api/me
// that says whether they view one, so it is there when that answer is; clients never download it.
const ViewAsBanner = lazyWithPreload(() =>
  import("../../features/view-as/components/view-as-banner").then((module) => module.ViewAsBanner),
);

/** The signed-in frame: navigation, user menu and the current screen, behind the guard. */
export function Component() {
  const { user, session } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  useSignOutWhenInactive(Boolean(user));
  // Staff viewing a client company get the client's portal: its navigation, and the banner.
  const queryClient = useQueryClient();
  const me = useQuery({ ...getMeQueryOptions(), enabled: Boolean(user) });
  useRecheckWhenSecondFactorRequired();
  const maybeViewing = user?.role === "admin";
  useEffect(() => {
    if (maybeViewing) ViewAsBanner.preload().catch(() => undefined);
  }, [maybeViewing]);
  // A client without a second factor waits for their company's policy before any screen asks for its data.
  const mayBeHeld = mayBeHeldForSecondFactor(user, session);
  const viewingAs = me.data?.viewingAs ?? null;
  const refreshAll = useCallback(() => void queryClient.resetQueries(), [queryClient]);
  const isStaff = user?.role === "admin" && !viewingAs;
  const home = isStaff ? "/admin" : "/secure-dashboard";
  // A client's own page sends staff to the agency's (ADR 0023), once it is known they view no client.
  const { pathname } = useLocation();
  const agencyPage = user?.role === "admin" ? staffEquivalent(pathname) : undefined;
  const screen =
    (agencyPage || mayBeHeld) && me.isPending ? (
      <Loading />
    ) : agencyPage && me.data && !viewingAs ? (
      <Navigate to={agencyPage} replace />
    ) : (
      <RequireScreenAccess company={me.data?.company}>
        {/* While staff view a client's portal, no screen offers a change. */}
        <ReadOnlyProvider viewing={viewingAs?.companyName ?? null}>
          <Outlet />
        </ReadOnlyProvider>
      </RequireScreenAccess>
    );

  if (!user) return <SignedOutFrame />;

  return (
    <div className="min-h-[calc(100dvh-var(--posture-offset))] lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      {viewingAs ? <ViewingAsBanner viewingAs={viewingAs} onLapsed={refreshAll} /> : null}
      <MobileMenu home={home} isStaff={isStaff} open={menuOpen} setOpen={setMenuOpen} />
      <Sidebar home={home} isStaff={isStaff} />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 print:p-0">
        {screen}
      </main>
    </div>
  );
}

/**
 * Staff viewing a client's portal: the banner, which loads on its own; on a page rendered on the
 * server, once hydrated (the server may not have loaded it).
 */
function ViewingAsBanner(props: ComponentProps<typeof ViewAsBanner>) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <ViewAsBanner {...props} />
    </Suspense>
  );
}

/** A client without a second factor, whose company may require one. */
const mayBeHeldForSecondFactor = (user: AuthUser | null, session: AuthSession | null) =>
  Boolean(user && session && user.role !== "admin" && !passedSecondFactor(user, session));

/**
 * A member signed in when their company's owner started requiring a second factor: the server
 * refuses their next call with SECOND_FACTOR_REQUIRED; reading /api/me again sends them to set one up.
 */
function useRecheckWhenSecondFactorRequired() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const meKey = getMeQueryOptions().queryKey;
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.code === "SECOND_FACTOR_REQUIRED")
        void queryClient.invalidateQueries({ queryKey: meKey });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") recheck(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") recheck(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}

/** Checking the session, or signed out: the guard's card alone, without the portal's chrome. */
function SignedOutFrame() {
  return (
    <div className="min-h-[calc(100dvh-var(--posture-offset))]">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Brand />
        <ThemeToggle />
      </header>
      <main id="main">
        <RequireScreenAccess>
          <Outlet />
        </RequireScreenAccess>
      </main>
    </div>
  );
}

/** Below the large breakpoint: a bar with the menu button, and the menu it opens. */
function MobileMenu({
  home,
  isStaff,
  open,
  setOpen,
}: {
  home: string;
  isStaff: boolean;
  open: boolean;
  setOpen: (update: (open: boolean) => boolean) => void;
}) {
  return (
    <>
      <header className="sticky top-[var(--posture-offset)] z-30 flex items-center justify-between border-b bg-background/95 px-4 py-3 backdrop-blur lg:hidden print:hidden">
        <Brand to={home} />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </header>
      {open ? (
        // A named region: the user menu in it is inside a landmark, as everything on screen should be.
        <section id="mobile-menu" aria-label="Menu" className="border-b bg-background px-4 py-4 lg:hidden">
          <PortalNavigation isStaff={isStaff} onNavigate={() => setOpen(() => false)} />
          <div className="mt-4">
            <PortalUserMenu />
          </div>
        </section>
      ) : null}
    </>
  );
}

/** As tall as the window: the links scroll on their own when they do not fit, the account block stays in view. */
function Sidebar({ home, isStaff }: { home: string; isStaff: boolean }) {
  return (
    <aside className="sticky top-[var(--posture-offset)] hidden h-[calc(100dvh-var(--posture-offset))] flex-col border-r bg-card py-5 lg:flex print:hidden">
      <div className="mb-6 flex shrink-0 items-center justify-between px-6">
        <Brand to={home} />
        <ThemeToggle />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        <PortalNavigation isStaff={isStaff} />
      </div>
      <div className="shrink-0 px-3">
        <PortalUserMenu />
      </div>
    </aside>
  );
}
