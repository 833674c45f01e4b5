import { healthSchemas } from "../../../shared/health";
import { healthOps } from "../../../shared/operations/health";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { checkReadiness, type Readiness } from "./readiness";

const getHealth = operationEndpoint({
  operation: healthOps.getHealth,
  schemas: healthSchemas.getHealth,
  access: "public",
  tag: "Service",
  summary: "The server is up",
  description: "Alive: the process answers. No database work, so it answers even when the database is away.",
  ok: "Up.",
});

const getReadiness = operationEndpoint({
  operation: healthOps.getReadiness,
  schemas: healthSchemas.getReadiness,
  access: "public",
  tag: "Service",
  summary: "The server is ready for traffic",
  description:
    "Ready: not shutting down, the database answers and has this version's migrations. A 503 names the reason " +
    "(`stopping`, `database`, `migrations`); a proxy or an orchestrator sends traffic elsewhere meanwhile.",
  ok: "Ready.",
});

/** For load balancers, orchestrators and start-up checks. */
export const healthEndpoints = ({ readiness }: { readiness: Readiness }) => [
  handle(getHealth, (c) => c.json({ ok: true as const }, 200)),
  handle(getReadiness, async (c) => c.json(await checkReadiness(contextOf(c), readiness), 200)),
];
