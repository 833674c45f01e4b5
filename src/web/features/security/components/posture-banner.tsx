import { useSyncExternalStore } from "react";
import { isPostureHost } from "../../../../shared/security-posture";
import { useSecurityPosture } from "../api/get-security-posture";

const noSubscription = () => () => {};

function Check({ label, ok, good, bad }: { label: string; ok: boolean | undefined; good: string; bad: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span className="opacity-80">{label}:</span>
      <span
        className={
          ok === undefined ? "opacity-70" : ok ? "font-semibold text-emerald-300" : "font-semibold text-amber-300"
        }
        data-state={ok === undefined ? "checking" : ok ? "ok" : "bad"}
      >
        {ok === undefined ? "…" : ok ? good : bad}
      </span>
    </li>
  );
}

/**
 * The seed's posture banner, on local, dev and preview hosts only. Each check reflects what
 * the server does (its served CSP, its rate limiting, a token it issued), never a constant.
 */
export function PostureBanner() {
  // Server-rendered pages never show it; the browser decides after hydration, without a mismatch.
  const visible = useSyncExternalStore(
    noSubscription,
    () => isPostureHost(window.location.hostname),
    () => false,
  );
  const posture = useSecurityPosture(visible);

  if (!visible) return null;
  return (
    <aside
      aria-label="Security posture"
      // It scrolls sideways on a phone: reachable by keyboard to scroll it.
      tabIndex={0}
      className="fixed inset-x-0 top-0 z-[60] flex h-9 items-center gap-3 overflow-x-auto bg-slate-950 px-3 text-xs whitespace-nowrap text-slate-100"
    >
      <strong className="tracking-wider">SECURITY POSTURE</strong>
      <span className="rounded bg-emerald-500 px-1.5 py-0.5 font-bold text-slate-950">PROD</span>
      <ul className="flex items-center gap-4">
        <Check label="CSRF Token" ok={posture?.csrfActive} good="Active" bad="Not present" />
        <Check label="Content-Security-Policy" ok={posture?.cspStrict} good="Strict" bad="Weak/missing" />
        <Check label="Rate Limiting" ok={posture?.rateLimitingEnforced} good="Active" bad="Not enforced" />
      </ul>
    </aside>
  );
}
