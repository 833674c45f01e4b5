import { useEffect, useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { Brand } from "../../components/layout/brand";
import { SkipLink } from "../../components/layout/skip-link";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { buttonClasses } from "../../components/ui/button";
import { apiFetch } from "../../lib/api";
import { cn } from "../../lib/cn";

const LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

/**
 * Whether a session exists, from one small request: the marketing pages stay free of
 * the auth code (a confirmation link lands here, signed in).
 */
function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<unknown>("/api/auth/get-session", { signal: controller.signal })
      .then((answer) => setSignedIn(Boolean(answer && typeof answer === "object" && "user" in answer)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return signedIn;
}

export function MarketingLayout() {
  const signedIn = useSignedIn();
  return (
    <div className="flex min-h-[calc(100dvh-var(--posture-offset))] flex-col">
      <SkipLink />
      <header className="sticky top-[var(--posture-offset)] z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex max-w-content flex-wrap items-center justify-between gap-x-3 px-4 py-2 sm:px-6">
          <Brand />
          <nav aria-label="Main" className="order-3 -mx-2 flex w-full gap-1 overflow-x-auto pb-1 md:order-none md:mx-0 md:w-auto md:pb-0">
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <Link to={signedIn ? "/secure-dashboard" : "/secure-login"} className={buttonClasses("default", "sm", "min-w-22")}>
              {signedIn ? "Dashboard" : "Sign in"}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-content gap-8 px-4 py-12 text-sm sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="max-w-sm">
            <Brand />
            <p className="mt-3 text-muted-foreground">Cogwork builds and runs business automations on n8n, Make, Zapier and custom code, and reports what they save.</p>
          </div>
          <nav aria-label="Footer">
            <h2 className="font-semibold">Company</h2>
            <ul className="mt-3 space-y-2">
              {[{ to: "/", label: "Home" }, ...LINKS].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="font-semibold">Clients</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/secure-login" className="text-muted-foreground hover:text-foreground">
                  Sign in to the portal
                </Link>
              </li>
              <li>
                <Link to="/secure-login?mode=signup" className="text-muted-foreground hover:text-foreground">
                  Create an account
                </Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t">
          <p className="mx-auto max-w-content px-4 py-5 text-xs text-muted-foreground sm:px-6">© Cogwork. Prices exclude VAT.</p>
        </div>
      </footer>
    </div>
  );
}
