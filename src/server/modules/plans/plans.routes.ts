import { Hono } from "hono";
import type { Database } from "../../db/client";
import { listActivePlans } from "./plans.service";

/** Public: the plans on sale (the pricing page; billing reads the same table). */
export const plansRoutes = (db: Database) =>
  new Hono().get("/", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listActivePlans(db) });
  });
