import { SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";
import { endSession } from "../../auth/session";
import { logSecurityEvent } from "./security-log.service";
import type { ActorContext } from "../../context/service-context";

/** The browser saw 30 minutes without activity: log the seed's 'Session Timeout' event and end the session here too. */
export async function endTimedOutSession(
  { db, actor }: ActorContext,
  { sessionId }: { sessionId: string },
): Promise<void> {
  await logSecurityEvent(db, {
    type: "session_timeout",
    message: SESSION_TIMEOUT_MESSAGE,
    userId: actor.id,
    email: actor.email,
    ip: actor.ip,
  });
  await endSession(db, sessionId);
}
