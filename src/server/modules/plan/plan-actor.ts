import { actorOf } from "../../http/actor";
import type { PlanActor } from "./plan-item-row";
import type { PlanSide } from "./transitions";
import type { AppEnv } from "../../http/app-env";
import type { Context } from "hono";

/** Who acts on a plan item, for its history and the audit log, and for which side. */
export function planActorOf(c: Context<AppEnv>, side: PlanSide): PlanActor {
  const user = c.get("user");
  return { ...actorOf(c), name: user.name || user.email, side };
}
