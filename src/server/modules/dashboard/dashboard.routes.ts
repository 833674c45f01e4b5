import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import { companyScope } from "../companies/companies.service";
import { getDashboard } from "./dashboard.service";

export const dashboardRoutes = (db: Database) =>
  new Hono<{ Variables: AuthVariables }>().get("/", async (c) => {
    const user = c.get("user");
    return c.json(await getDashboard(db, user, await companyScope(db, user)));
  });
