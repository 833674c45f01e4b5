import { Monitor } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { useSessions, type AccountSession } from "../api/list-sessions";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { describeDevice } from "../describe-device";
import { TrustedBrowsers } from "./trusted-browsers";

/** "Chrome on Linux, last active 26 Nov 2026, 09:12 from 10.0.0.7": one session among several. */
const sessionName = (session: Pick<AccountSession, "userAgent" | "updatedAt" | "ipAddress">) =>
  `${describeDevice(session.userAgent)}, last active ${formatDateTime(session.updatedAt)}` +
  (session.ipAddress ? ` from ${session.ipAddress}` : "");

export function SessionsCard({ currentSessionId }: { currentSessionId: string }) {
  const sessions = useSessions();
  const revokeSession = useRevokeSession();
  const revokeOtherSessions = useRevokeOtherSessions();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, call: () => Promise<unknown>) {
    setBusy(key);
    const failure = await call().then(() => null, toApiError);
    setBusy(null);
    setError(failure?.message ?? null);
  }

  const others = sessions.data?.filter((s) => s.id !== currentSessionId) ?? [];
  const ordered = [...(sessions.data ?? [])].sort((a, b) =>
    a.id === currentSessionId ? -1 : b.id === currentSessionId ? 1 : b.updatedAt.localeCompare(a.updatedAt),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Devices signed in to your account. Sign out any you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {sessions.isError ? <Alert tone="error">{sessions.error.message}</Alert> : null}
        {sessions.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        <ul className="divide-y rounded-md border">
          {ordered.map((session) => {
            const current = session.id === currentSessionId;
            return (
              <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <SessionDevice session={session} current={current} />
                {current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    // Several devices each have a button: its name says which one it signs out.
                    aria-label={`${busy === session.id ? "Signing out" : "Sign out"} ${sessionName(session)}`}
                    disabled={busy !== null}
                    onClick={() => run(session.id, () => revokeSession.mutateAsync(session.token))}
                  >
                    {busy === session.id ? "Signing out…" : "Sign out"}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {others.length > 1 ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={busy !== null}
            onClick={() => run("others", () => revokeOtherSessions.mutateAsync())}
          >
            Sign out all other devices
          </Button>
        ) : null}
        <TrustedBrowsers />
      </CardContent>
    </Card>
  );
}

/** The device, where and when it was last active, and since when it is signed in. */
function SessionDevice({ session, current }: { session: AccountSession; current: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div>
        <p className="font-medium">
          {describeDevice(session.userAgent)}
          {current ? (
            <span className="ml-2 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          Last active {formatDateTime(session.updatedAt)}
          {session.ipAddress ? ` · ${session.ipAddress}` : ""} · signed in {formatDateTime(session.createdAt)}
        </p>
      </div>
    </div>
  );
}
