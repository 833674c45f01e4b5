import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * false in prerendered HTML and during hydration, true afterwards: for what must match the
 * server's HTML at first (no mismatch) and only work once the app runs (e.g. a submit button).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
