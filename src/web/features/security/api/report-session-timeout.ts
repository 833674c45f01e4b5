import { securityOps } from "../../../../shared/operations/security";
import { call } from "../../../lib/api";

/** Tells the server the session ended for inactivity: it logs the event and ends the session. */
export const reportSessionTimeout = () => call(securityOps.endTimedOutSession);
