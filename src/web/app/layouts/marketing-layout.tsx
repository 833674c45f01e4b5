import { CheckCircle2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { betterAuthOps } from "../../../shared/operations/better-auth";
import { BRAND_LINK_CLASSES, BrandMark } from "../../components/layout/brand-mark";
import { SkipLink } from "../../components/layout/skip-link";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { buttonClasses } from "../../components/ui/button";
import { call } from "../../lib/api";

const LINKS = [
  { href: "/features", label: "Features" },
  { href: "/pricing", label: "Pricing" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
];

/**
 * Whether a session exists: as the page was served (the server picks the signed-in or
 * signed-out prerendered HTML), then from one small request, which also covers a page restored
 * from the browser's cache. The marketing pages stay free of the auth code (a confirmation
 * link lands here, signed in).
 */
function useSignedIn(served: boolean): boolean {
  const [signedIn, setSignedIn] = useState(served);
  useEffect(() => {
    const controller = new AbortController();
    call(betterAuthOps.getSession, { signal: controller.signal })
      .then((answer) => setSignedIn(Boolean(answer && typeof answer === "object" && "user" in answer)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return signedIn;
}

/**
 * The public pages' frame: header, navigation, footer. Plain links, no router: each marketing
 * page is its own prerendered document, and the portal behind "Sign in" is the app.
 */
export function MarketingLayout({
  path,
  signedIn: served = false,
  children,
}: {
  path: string;
  signedIn?: boolean;
  children: ReactNode;
}) {
  const signedIn = useSignedIn(served);
  return (
    <div className="flex min-h-[calc(100dvh-var(--posture-offset))] flex-col">
      <SkipLink />
      <MarketingHeader path={path} signedIn={signedIn} />
      <main id="main" className="flex-1">
        {/* Hidden unless the page was reached from a confirmation link (decided before first paint). */}
        <div role="status" className="email-confirmed-banner border-b border-success/40 bg-success/10">
          <p className="mx-auto flex max-w-content flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 text-sm sm:px-6">
            <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
            <strong className="font-semibold">Your email is confirmed, welcome.</strong>
            <a href="/secure-dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
              Open your dashboard
            </a>
          </p>
        </div>
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}

/** The brand, the main links (the current page marked) and the account buttons. */
function MarketingHeader({ path, signedIn }: { path: string; signedIn: boolean }) {
  return (
    <header className="sticky top-[var(--posture-offset)] z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex max-w-content flex-wrap items-center justify-between gap-x-3 px-4 py-2 sm:px-6">
        <a href="/" className={BRAND_LINK_CLASSES}>
          <BrandMark />
        </a>
        <nav
          aria-label="Main"
          className="order-3 -mx-2 flex w-full gap-1 overflow-x-auto pb-1 md:order-none md:mx-0 md:w-auto md:pb-0"
        >
          {LINKS.map((link) => {
            const current = link.href === path;
            return (
              <a
                key={link.href}
                href={link.href}
                aria-current={current ? "page" : undefined}
                className={`rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                  current
                    ? "bg-accent text-accent-foreground"
                    : "text-muted-foreground hover:bg-muted hover:text-foreground"
                }`}
              >
                {link.label}
              </a>
            );
          })}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          {signedIn ? null : (
            <a href="/secure-login?mode=signup" className={buttonClasses("ghost", "sm", "px-2 sm:px-3")}>
              Create account
            </a>
          )}
          <a
            href={signedIn ? "/secure-dashboard" : "/secure-login"}
            className={buttonClasses("default", "sm", "px-3 sm:min-w-22")}
          >
            {signedIn ? "Dashboard" : "Sign in"}
          </a>
        </div>
      </div>
    </header>
  );
}

function MarketingFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-content gap-8 px-4 py-12 text-sm sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="max-w-sm">
          <a href="/" className={BRAND_LINK_CLASSES}>
            <BrandMark />
          </a>
          <p className="mt-3 text-muted-foreground">
            Cogwork builds and runs business automations on n8n, Make, Zapier and custom code, and reports what they
            save.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold">Company</h2>
          <ul className="mt-3 space-y-2">
            {[{ href: "/", label: "Home" }, ...LINKS].map((link) => (
              <li key={link.href}>
                <a href={link.href} className="text-muted-foreground hover:text-foreground">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold">Clients</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/secure-login" className="text-muted-foreground hover:text-foreground">
                Sign in to the portal
              </a>
            </li>
            <li>
              <a href="/secure-login?mode=signup" className="text-muted-foreground hover:text-foreground">
                Create an account
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-content px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © Cogwork. Prices exclude VAT.
        </p>
      </div>
    </footer>
  );
}
