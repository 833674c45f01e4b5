import { z } from "zod";
import { automationsSchemas } from "../../../shared/automations";
import { automationRunsSchemas } from "../../../shared/automations";
import { automationsOps } from "../../../shared/operations/automations";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { exportRunsCsv } from "./export-runs.service";
import { getAutomation } from "./get-automation.service";
import { listAutomations } from "./list-automations.service";
import { listRuns } from "./list-runs.service";
import { reportProblem } from "./report-problem.service";
import type { Logger } from "../../lib/logger";

const read = { access: "member", tag: "Automations" } as const;

const listAutomationsEndpoint = operationEndpoint({
  ...read,
  operation: automationsOps.listAutomations,
  schemas: automationsSchemas.listAutomations,
  summary: "The automations the agency runs for the caller's company (staff: every company's)",
  ok: "The automations, with their figures.",
});

const getAutomationEndpoint = operationEndpoint({
  ...read,
  operation: automationsOps.getAutomation,
  schemas: automationsSchemas.getAutomation,
  summary: "One automation, with its health and figures",
  ok: "The automation.",
});

const listRunsEndpoint = operationEndpoint({
  ...read,
  operation: automationsOps.listRuns,
  schemas: automationRunsSchemas.listRuns,
  summary: "An automation's runs, newest first, filtered by status and date",
  ok: "One page of runs.",
});

const exportRunsEndpoint = operationEndpoint({
  ...read,
  operation: automationsOps.exportRuns,
  schemas: automationRunsSchemas.exportRuns,
  summary: "An automation's runs started on a range of days, oldest first, as CSV",
  description:
    "Streamed, however many runs the range holds. Cells that a spreadsheet would run as a formula (starting with = + - @) are prefixed with '.",
  ok: "CSV.",
  responses: {
    200: {
      description: "CSV (UTF-8 with a byte order mark), sent as a download named <automation>-runs-<from>-to-<to>.csv.",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

const reportProblemEndpoint = operationEndpoint({
  ...read,
  operation: automationsOps.reportProblem,
  schemas: automationRunsSchemas.reportProblem,
  summary: "Open a support ticket about an automation or one of its runs (category broken automation)",
  ok: "A broken-automation ticket; `id` is the ticket's. The agency is told by email.",
  okStatus: 201,
});

/** What a signed-in user may read about automations: their company's (staff: every company's). */
export function automationsEndpoints({ log }: { log: Logger }) {
  return [
    handle(listAutomationsEndpoint, async (c) =>
      c.json({ automations: await listAutomations(contextOf(c), c.req.valid("query")) }, 200),
    ),
    handle(getAutomationEndpoint, async (c) =>
      c.json(await getAutomation(contextOf(c), { id: c.req.valid("param").id }), 200),
    ),
    handle(listRunsEndpoint, async (c) =>
      c.json(await listRuns(contextOf(c), { ...c.req.valid("query"), id: c.req.valid("param").id }), 200),
    ),
    handle(exportRunsEndpoint, async (c) => {
      const id = c.req.valid("param").id;
      const onError = (err: unknown) => log.error("run export failed mid-stream", { automationId: id, err });
      const { body, fileName } = await exportRunsCsv(contextOf(c), { ...c.req.valid("query"), id, onError });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    }),
    handle(reportProblemEndpoint, async (c) => {
      const { runId, message } = c.req.valid("json");
      const input = { automationId: c.req.valid("param").id, runId: runId ?? null, message };
      return c.json(await reportProblem(actorContextOf(c), input), 201);
    }),
  ];
}
