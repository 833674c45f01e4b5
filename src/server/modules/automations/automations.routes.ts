import { z } from "zod";
import {
  ZGetAutomationResponse,
  ZListAutomationsResponse,
  ZListRunsResponse,
  ZReportProblemResponse,
} from "../../../shared/automation-responses";
import { ZExportRunsQuery, ZListRunsQuery, ZReportProblemRequest } from "../../../shared/automation-runs";
import { ZListAutomationsQuery } from "../../../shared/automations";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { exportRunsCsv } from "./export-runs.service";
import { getAutomation } from "./get-automation.service";
import { listAutomations } from "./list-automations.service";
import { listRuns } from "./list-runs.service";
import { reportProblem } from "./report-problem.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
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

const exportRunsEndpoint = endpoint({
  ...read,
  method: "get",
  path: "/{id}/runs/export.csv",
  operationId: "exportRuns",
  summary: "An automation's runs started on a range of days, oldest first, as CSV",
  description:
    "Streamed, however many runs the range holds. Cells that a spreadsheet would run as a formula (starting with = + - @) are prefixed with '.",
  request: { params: byId, query: ZExportRunsQuery },
  responses: {
    200: {
      description: "CSV (UTF-8 with a byte order mark), sent as a download named <automation>-runs-<from>-to-<to>.csv.",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

const reportProblemEndpoint = endpoint({
  ...read,
  method: "post",
  path: "/{id}/problem-reports",
  operationId: "reportProblem",
  summary: "Open a support ticket about an automation or one of its runs (category broken automation)",
  request: {
    params: byId,
    body: ZReportProblemRequest.meta({ example: { message: "The invoices of Monday are missing." } }),
  },
  responses: {
    201: json(ZReportProblemResponse, "A broken-automation ticket; `id` is the ticket's. The agency is told by email."),
  },
});

/** What a signed-in user may read about automations: their company's (staff: every company's). */
export function automationsRoutes({
  db,
  config,
  mailer,
  log,
}: {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: Logger;
}) {
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
    .openapi(exportRunsEndpoint, async (c) => {
      const id = c.req.valid("param").id;
      const onError = (err: unknown) => log.error("run export failed mid-stream", { automationId: id, err });
      const { body, fileName } = await exportRunsCsv(db, c.get("scope"), id, c.req.valid("query"), { onError });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    })
    .openapi(reportProblemEndpoint, async (c) => {
      const { runId, message } = c.req.valid("json");
      const input = { automationId: c.req.valid("param").id, runId: runId ?? null, message };
      const deps = { config, now: new Date() };
      const { notified, ...created } = await reportProblem(db, c.get("scope"), c.get("user"), input, deps);
      if (notified) mailer.nudge();
      return c.json(created, 201);
    });
}
