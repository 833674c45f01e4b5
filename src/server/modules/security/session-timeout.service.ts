import { SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";
import { endSession } from "../../auth/session";
import { logSecurityEvent } from "./security-log.service";
import type { Database } from "../../db/client";

/** The browser saw 30 minutes without activity: log the seed's 'Session Timeout' event and end the session here too. */
export async function endTimedOutSession(
  db: Database,
  { user, sessionId, ip }: { user: { id: string; email: string }; sessionId: string; ip: string },
): Promise<void> {
  await logSecurityEvent(db, {
    type: "session_timeout",
    message: SESSION_TIMEOUT_MESSAGE,
    userId: user.id,
    email: user.email,
    ip,
  });
  await endSession(db, sessionId);
}
