import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import { getMe } from "./me.service";

export const meRoutes = (db: Database) =>
  new Hono<{ Variables: AuthVariables }>().get("/", async (c) => c.json(await getMe(db, c.get("user"))));
