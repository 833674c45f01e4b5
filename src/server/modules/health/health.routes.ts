import { healthSchemas } from "../../../shared/health";
import { healthOps } from "../../../shared/operations/health";
import { handle, operationEndpoint } from "../../http/endpoint";

const getHealth = operationEndpoint({
  operation: healthOps.getHealth,
  schemas: healthSchemas.getHealth,
  access: "public",
  tag: "Service",
  summary: "The server is up",
  ok: "Up.",
});

/** For load balancers and start-up checks: no database work, so it answers even when the database is away. */
export const healthEndpoints = () => [handle(getHealth, (c) => c.json({ ok: true as const }, 200))];
