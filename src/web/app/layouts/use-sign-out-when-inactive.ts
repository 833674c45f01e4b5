import { useNavigate } from "react-router";
import { BROWSER_EVENT_NAMES, SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";
import { useAuth } from "../../features/auth/auth-context";
import { reportSessionTimeout } from "../../features/security/api/report-session-timeout";
import { dispatchSecurityEvent } from "../../features/security/security-events";
import { useInactivityTimeout } from "../../features/security/use-inactivity-timeout";

/** The seed's inactivity rule: event, server-side end of the session, back to sign-in. */
export function useSignOutWhenInactive(signedIn: boolean) {
  const { refresh, signOut, keepAlive } = useAuth();
  const navigate = useNavigate();
  useInactivityTimeout(
    () => {
      dispatchSecurityEvent({ type: BROWSER_EVENT_NAMES.sessionTimeout, message: SESSION_TIMEOUT_MESSAGE });
      // The server logs the timeout and ends the session; should that call fail, a plain
      // sign-out still ends it.
      void reportSessionTimeout()
        .then(
          () => refresh(),
          () => signOut(),
        )
        .finally(() => navigate("/secure-login", { replace: true }));
    },
    signedIn,
    keepAlive,
  );
}
