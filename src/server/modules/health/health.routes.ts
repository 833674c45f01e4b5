import { ZHealthResponse } from "../../../shared/health";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";

const getHealth = endpoint({
  method: "get",
  path: "/",
  access: "public",
  tag: "Service",
  operationId: "getHealth",
  summary: "The server is up",
  responses: { 200: json(ZHealthResponse, "Up.") },
});

/** For load balancers and start-up checks: no database work, so it answers even when the database is away. */
export const healthRoutes = () => createRouter().openapi(getHealth, (c) => c.json({ ok: true as const }, 200));
