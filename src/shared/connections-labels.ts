/** The platforms a connection can read runs from (only n8n is built; Make fits the same connector, ADR 0034). */
export const CONNECTION_PLATFORMS = ["n8n"] as const;
export type ConnectionPlatform = (typeof CONNECTION_PLATFORMS)[number];

/** ok: the last call worked; unauthorized: the API key was refused; unreachable: no usable answer. */
export const CONNECTION_HEALTHS = ["ok", "unauthorized", "unreachable"] as const;
export type ConnectionHealth = (typeof CONNECTION_HEALTHS)[number];

export const CONNECTION_HEALTH_LABELS: Record<ConnectionHealth, string> = {
  ok: "Connected",
  unauthorized: "API key refused",
  unreachable: "Unreachable",
};
