import { useEffect, useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { Brand } from "../../components/layout/brand";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { buttonClasses } from "../../components/ui/button";
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
    fetch("/api/auth/get-session", { signal: controller.signal, credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: unknown) => setSignedIn(Boolean(answer && typeof answer === "object" && "user" in answer)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return signedIn;
}

export function MarketingLayout() {
  const signedIn = useSignedIn();
  return (
    <div className="flex min-h-[calc(100dvh-var(--posture-offset))] flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <nav aria-label="Main" className="order-3 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  cn("rounded-md px-3 py-2 text-sm font-medium", isActive ? "text-foreground" : "text-muted-foreground hover:text-foreground")
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <Link to={signedIn ? "/secure-dashboard" : "/secure-login"} className={buttonClasses("default", "sm")}>
              {signedIn ? "Dashboard" : "Sign in"}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
          <p>Cogwork builds and runs business automations on n8n, Make, Zapier and custom code.</p>
          <nav aria-label="Footer" className="flex gap-4">
            {LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="hover:text-foreground">
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  );
}
