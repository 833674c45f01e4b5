import { apiFetch } from "../../../lib/api";

/** Tells the server the session ended for inactivity: it logs the event and ends the session. */
export const reportSessionTimeout = () => apiFetch<{ ok: true }>("/api/me/security/session-timeout", { json: {} });
