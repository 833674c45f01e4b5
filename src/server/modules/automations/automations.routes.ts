import { z } from "zod";
import {
  ZGetAutomationResponse,
  ZListAutomationsResponse,
  ZListRunsResponse,
  ZReportProblemResponse,
} from "../../../shared/automation-responses";
import { ZListRunsQuery, ZReportProblemRequest } from "../../../shared/automation-runs";
import { ZListAutomationsQuery } from "../../../shared/automations";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getAutomation } from "./get-automation.service";
import { listAutomations } from "./list-automations.service";
import { listRuns } from "./list-runs.service";
import { reportProblem } from "./report-problem.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const byId = z.object({ id: z.uuid() });
const read = { access: "member", tag: "Automations" } as const;

const listAutomationsEndpoint = endpoint({
  ...read,
  method: "get",
  path: "/",
  operationId: "listAutomations",
  summary: "The automations the agency runs for the caller's company (staff: every company's)",
  request: { query: ZListAutomationsQuery },
  responses: { 200: json(ZListAutomationsResponse, "The automations, with their figures.") },
});

const getAutomationEndpoint = endpoint({
  ...read,
  method: "get",
  path: "/{id}",
  operationId: "getAutomation",
  summary: "One automation, with its health and figures",
  request: { params: byId },
  responses: { 200: json(ZGetAutomationResponse, "The automation.") },
});

const listRunsEndpoint = endpoint({
  ...read,
  method: "get",
  path: "/{id}/runs",
  operationId: "listRuns",
  summary: "An automation's runs, newest first, filtered by status and date",
  request: { params: byId, query: ZListRunsQuery },
  responses: { 200: json(ZListRunsResponse, "One page of runs.") },
});

const reportProblemEndpoint = endpoint({
  ...read,
  method: "post",
  path: "/{id}/problem-reports",
  operationId: "reportProblem",
  summary: "Tell the agency that something is wrong with an automation or one of its runs",
  request: {
    params: byId,
    body: ZReportProblemRequest.meta({ example: { message: "The invoices of Monday are missing." } }),
  },
  responses: { 201: json(ZReportProblemResponse, "Received; the agency is told by email.") },
});

/** What a signed-in user may read about automations: their company's (staff: every company's). */
export function automationsRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .openapi(listAutomationsEndpoint, async (c) =>
      c.json({ automations: await listAutomations(db, c.get("scope"), c.req.valid("query")) }, 200),
    )
    .openapi(getAutomationEndpoint, async (c) =>
      c.json(await getAutomation(db, c.get("scope"), c.req.valid("param").id), 200),
    )
    .openapi(listRunsEndpoint, async (c) =>
      c.json(await listRuns(db, c.get("scope"), c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(reportProblemEndpoint, async (c) => {
      const { runId, message } = c.req.valid("json");
      const input = { automationId: c.req.valid("param").id, runId: runId ?? null, message, appUrl: config.APP_URL };
      const { notified, ...created } = await reportProblem(db, c.get("scope"), c.get("user"), input);
      if (notified) mailer.nudge();
      return c.json(created, 201);
    });
}
