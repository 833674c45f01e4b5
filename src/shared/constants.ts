/** Constants from the seed specification; both sides read them from here. */
export const INACTIVITY_TIMEOUT_MS = 1_800_000;
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_RETRY = 1;
export const TOAST = { durationMs: 4000, visible: 3, gap: 14, width: 356, position: "bottom-right" } as const;
export const CSRF_STORAGE_KEY = "csrf_token";
export const ROLES = ["client", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The id of the JSON block in which the server answers a signed-in first screen's reads (ADR 0037). */
export const FIRST_SCREEN_BLOCK_ID = "first-screen-answers";
