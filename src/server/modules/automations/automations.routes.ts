import { Hono } from "hono";
import { zListAutomationsQuery, zListRunsQuery, zReportProblemRequest } from "../../../shared/automations";
import type { AuthVariables } from "../../auth/session";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import type { Mailer } from "../../mail/outbox";
import { companyScope } from "../companies/companies.service";
import { getAutomation, listAutomations, listRuns, reportProblem } from "./automations.service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = { message: "There is no such automation in your company." } as const;

/** What a signed-in user may read about automations: their company's (staff: every company's). */
export function automationsRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", async (c) => {
      const query = zListAutomationsQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ message: "Unknown filter. Use search, status or companyId." }, 400);
      const scope = await companyScope(db, c.get("user"));
      return c.json({ automations: await listAutomations(db, scope, query.data) });
    })
    .get("/:id", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json(notFound, 404);
      const found = await getAutomation(db, await companyScope(db, c.get("user")), id);
      return found ? c.json(found) : c.json(notFound, 404);
    })
    .get("/:id/runs", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json(notFound, 404);
      const query = zListRunsQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ message: `Invalid filter: ${query.error.issues[0]?.message ?? "check status, from, to and page"}` }, 400);
      const page = await listRuns(db, await companyScope(db, c.get("user")), id, query.data);
      return page ? c.json(page) : c.json(notFound, 404);
    })
    .post("/:id/problem-reports", validateJson(zReportProblemRequest), async (c) => {
      const id = c.req.param("id");
      const body = c.get("body");
      const runId = body.runId ?? null;
      if (!UUID.test(id)) return c.json(notFound, 404);
      const user = c.get("user");
      const created = await reportProblem(db, await companyScope(db, user), user, { automationId: id, runId, message: body.message, appUrl: config.APP_URL });
      if (!created) return c.json({ message: "There is no such automation or run in your company." }, 404);
      if (created.notified) mailer.nudge();
      return c.json({ id: created.id, createdAt: created.createdAt, message: "Thank you. We received your report and the agency will look into it." }, 201);
    });
}
