import { useEffect, useRef } from "react";
import { INACTIVITY_TIMEOUT_MS } from "../../../shared/constants";

const LAST_ACTIVITY_KEY = "cogwork:last-activity";
const ACTIVITY_EVENTS = ["mousemove", "keydown", "click", "scroll"] as const;
/** Writing the time on every mouse move would be wasteful; once a second is plenty. */
const WRITE_EVERY_MS = 1000;

function readLastActivity(): number {
  try {
    return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** While the user is active, the server hears of it this often, so their session stays alive. */
const HEARTBEAT_EVERY_MS = 5 * 60_000;

/**
 * Calls `onTimeout` after the seed's 30 minutes without mouse move, key press, click or
 * scroll. Activity in any open tab counts: the last moment is shared through localStorage.
 * `onActive` runs at most every five minutes while there is activity.
 */
export function useInactivityTimeout(onTimeout: () => void, enabled: boolean, onActive?: () => void): void {
  const callback = useRef(onTimeout);
  const heartbeat = useRef(onActive);
  useEffect(() => {
    callback.current = onTimeout;
    heartbeat.current = onActive;
  });

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Math.max(readLastActivity(), Date.now());
    let lastWrite = 0;
    let lastHeartbeat = Date.now();
    let timer: number | undefined;
    let fired = false;

    const schedule = () => {
      window.clearTimeout(timer);
      const wait = lastActivity + INACTIVITY_TIMEOUT_MS - Date.now();
      timer = window.setTimeout(
        () => {
          // Another tab may have seen activity since this timer was set.
          lastActivity = Math.max(lastActivity, readLastActivity());
          if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) {
            if (!fired) {
              fired = true;
              callback.current();
            }
          } else schedule();
        },
        Math.max(0, wait),
      );
    };

    const onActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastWrite >= WRITE_EVERY_MS) {
        lastWrite = lastActivity;
        try {
          localStorage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
        } catch {
          // This tab still counts its own activity.
        }
        schedule();
      }
      if (lastActivity - lastHeartbeat >= HEARTBEAT_EVERY_MS) {
        lastHeartbeat = lastActivity;
        heartbeat.current?.();
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) {
        lastActivity = Math.max(lastActivity, Number(event.newValue) || 0);
        schedule();
      }
    };

    onActivity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    window.addEventListener("storage", onStorage);
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener("storage", onStorage);
    };
  }, [enabled]);
}
