import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useForgetTrustedBrowsers, useTrustedBrowsers } from "../api/trusted-browsers";
import type { TTrustedBrowser } from "../../../../shared/me";

const browserName = (browser: TTrustedBrowser) =>
  browser.thisBrowser ? "this browser" : `the browser last signed in ${formatDateTime(browser.lastSignInAt)}`;

/**
 * The browsers that ticked "Trust this device for 30 days": signing in there skips the second
 * factor. Shown under the sessions, since a trusted browser may have none open (after signing out).
 */
export function TrustedBrowsers() {
  const headingId = useId();
  const browsers = useTrustedBrowsers();
  const forget = useForgetTrustedBrowsers();
  const list = browsers.data?.browsers ?? [];
  if (list.length === 0) return browsers.isError ? <Alert tone="error">{browsers.error.message}</Alert> : null;
  const forgetting = (id?: string) =>
    forget.mutate(id, {
      onSuccess: ({ forgotten }) =>
        toast.success(
          forgotten === 1
            ? "Forgotten: signing in there asks for your second factor again."
            : `${forgotten} browsers forgotten: signing in on them asks for your second factor again.`,
        ),
    });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-medium">
        Trusted browsers
      </h3>
      <p className="text-sm text-muted-foreground">
        Signing in on these asks for your password but not your second factor, until the date shown. Forget one you no
        longer use or do not recognise: its next sign-in asks for the code again. It stays signed in until you sign it
        out above.
      </p>
      {forget.isError ? <Alert tone="error">{forget.error.message}</Alert> : null}
      <ul className="divide-y rounded-md border">
        {list.map((browser) => (
          <li key={browser.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <ShieldCheck className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              <div>
                <p className="font-medium">{browser.thisBrowser ? "This browser" : "Another browser"}</p>
                <p className="text-sm text-muted-foreground">
                  Last signed in {formatDateTime(browser.lastSignInAt)} · trusted until{" "}
                  {formatDateTime(browser.expiresAt)}
                </p>
              </div>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Forget ${browserName(browser)}`}
              disabled={forget.isPending}
              onClick={() => forgetting(browser.id)}
            >
              Forget
            </Button>
          </li>
        ))}
      </ul>
      {list.length > 1 ? (
        <Button variant="outline" className="self-start" disabled={forget.isPending} onClick={() => forgetting()}>
          Forget all trusted browsers
        </Button>
      ) : null}
    </section>
  );
}
