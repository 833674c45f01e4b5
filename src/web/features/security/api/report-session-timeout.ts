import { apiFetch } from "../../../lib/api";
import type { TReportSessionTimeoutResponse } from "../../../../shared/security-schemas";

/** Tells the server the session ended for inactivity: it logs the event and ends the session. */
export const reportSessionTimeout = () =>
  apiFetch<TReportSessionTimeoutResponse>("/api/me/security/session-timeout", { json: {} });
