import { Hono } from "hono";
import { zListAutomationsQuery, zListRunsQuery, zReportProblemRequest } from "../../../shared/automations";
import type { AuthVariables } from "../../auth/session";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import type { Mailer } from "../../mail/outbox";
import { companyScope } from "../companies/companies.service";
import { getAutomation } from "./get-automation.service";
import { listAutomations } from "./list-automations.service";
import { listRuns } from "./list-runs.service";
import { reportProblem } from "./report-problem.service";

/** What a signed-in user may read about automations: their company's (staff: every company's). */
export function automationsRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", async (c) => {
      const query = zListAutomationsQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ message: "Unknown filter. Use search, status or companyId." }, 400);
      const scope = await companyScope(db, c.get("user"));
      return c.json({ automations: await listAutomations(db, scope, query.data) });
    })
    .get("/:id", async (c) => c.json(await getAutomation(db, await companyScope(db, c.get("user")), c.req.param("id"))))
    .get("/:id/runs", async (c) => {
      const query = zListRunsQuery.safeParse(c.req.query());
      if (!query.success) return c.json({ message: `Invalid filter: ${query.error.issues[0]?.message ?? "check status, from, to and page"}` }, 400);
      return c.json(await listRuns(db, await companyScope(db, c.get("user")), c.req.param("id"), query.data));
    })
    .post("/:id/problem-reports", validateJson(zReportProblemRequest), async (c) => {
      const body = c.get("body");
      const user = c.get("user");
      const input = { automationId: c.req.param("id"), runId: body.runId ?? null, message: body.message, appUrl: config.APP_URL };
      const { notified, ...created } = await reportProblem(db, await companyScope(db, user), user, input);
      if (notified) mailer.nudge();
      return c.json(created, 201);
    });
}
