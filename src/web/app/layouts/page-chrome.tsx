import { useEffect } from "react";
import { Toaster } from "../../components/ui/toaster";
import { PostureBanner } from "../../features/security/components/posture-banner";
import { useCspViolationEvents } from "../../features/security/use-csp-violation-events";

/** What every page carries, in the app and on the prerendered marketing pages alike. */
export function PageChrome() {
  useCspViolationEvents();
  useEffect(() => {
    // The app runs (after hydration of a prerendered page): for browser tests and CSS hooks.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <PostureBanner />
      <Toaster />
    </>
  );
}
