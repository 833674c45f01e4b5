import type { AppEnv } from "./app-env";
import type { AuditActor } from "../modules/audit";
import type { Context } from "hono";

/** Who is making a signed-in request, for the audit log. */
export function actorOf(c: Context<AppEnv>): AuditActor {
  const user = c.get("user");
  return { id: user.id, email: user.email, ip: c.get("clientIp") ?? null };
}
