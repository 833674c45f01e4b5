import { useSyncExternalStore } from "react";
import { isPostureHost } from "../../../../shared/security-posture";
import { cn } from "../../../lib/cn";
import { useSecurityPosture } from "../api/get-security-posture";

const noSubscription = () => () => {};

/** The two answers, drawn invisibly in the answer's own grid cell (CSS only, not in the text). */
const SIZERS =
  "before:invisible before:col-start-1 before:row-start-1 before:content-[attr(data-good)] " +
  "after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-bad)]";

function Check({ label, ok, good, bad }: { label: string; ok: boolean | undefined; good: string; bad: string }) {
  return (
    <li className="flex items-center gap-1 whitespace-nowrap">
      <span className="opacity-80">{label}:</span>
      {/* As wide as the longer answer from the start: nothing after it moves when the answer arrives. */}
      <span
        className={cn("inline-grid font-semibold", SIZERS)}
        data-good={good}
        data-bad={bad}
        data-state={ok === undefined ? "checking" : ok ? "ok" : "bad"}
      >
        <span
          className={cn(
            "col-start-1 row-start-1",
            ok === undefined ? "font-normal opacity-70" : ok ? "text-emerald-300" : "text-amber-300",
          )}
        >
          {ok === undefined ? "…" : ok ? good : bad}
        </span>
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
      // Below 360 px wide the second row may still overflow: then it scrolls, and can be reached to scroll it.
      tabIndex={0}
      // Its height is the room page-init.js reserves before the first paint (--posture-offset):
      // two rows on phones, so all three checks show without scrolling, one row from md up.
      className="fixed inset-x-0 top-0 z-[60] flex h-[var(--posture-offset)] flex-wrap content-center items-center gap-x-2 gap-y-1 overflow-x-auto bg-slate-950 px-3 text-[11px] leading-4 text-slate-100 sm:text-xs md:flex-nowrap md:gap-x-3 md:whitespace-nowrap"
    >
      <strong className="tracking-wider">SECURITY POSTURE</strong>
      <span className="rounded bg-emerald-500 px-1.5 py-0.5 font-bold text-slate-950">PROD</span>
      <ul className="contents">
        <Check label="CSRF Token" ok={posture?.csrfActive} good="Active" bad="Not present" />
        <Check label="Content-Security-Policy" ok={posture?.cspStrict} good="Strict" bad="Weak/missing" />
        <Check label="Rate Limiting" ok={posture?.rateLimitingEnforced} good="Active" bad="Not enforced" />
      </ul>
    </aside>
  );
}
