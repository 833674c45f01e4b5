import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isPostureHost } from "../../../shared/security-posture";
import { Toaster } from "../../components/ui/toaster";
import { useCspViolationEvents } from "../../features/security/use-csp-violation-events";

// Shown on local, dev and preview hosts only (page-init.js reserves its room before the first paint, so
// it moves nothing when it comes): pages on a public host do not download it.
const PostureBanner = lazy(() =>
  import("../../features/security/components/posture-banner").then((module) => ({ default: module.PostureBanner })),
);
const noSubscription = () => () => {};

/** What every page carries, in the app and on the prerendered marketing pages alike. */
export function PageChrome() {
  useCspViolationEvents();
  // Server-rendered pages never show the banner; the browser decides after hydration, without a mismatch.
  const postureHost = useSyncExternalStore(
    noSubscription,
    () => isPostureHost(window.location.hostname),
    () => false,
  );
  useEffect(() => {
    // The app runs (after hydration of a prerendered page): for browser tests and CSS hooks.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      {postureHost ? (
        <Suspense fallback={null}>
          <PostureBanner />
        </Suspense>
      ) : null}
      <Toaster />
    </>
  );
}
