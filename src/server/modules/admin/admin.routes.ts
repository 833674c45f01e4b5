import { Hono } from "hono";
import { requireStaff, type AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import { getAdminOverview } from "./admin.service";

export const adminRoutes = (db: Database) =>
  new Hono<{ Variables: AuthVariables }>().use(requireStaff).get("/overview", async (c) => c.json(await getAdminOverview(db)));
