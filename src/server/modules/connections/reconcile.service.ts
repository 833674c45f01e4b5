import { and, eq, gte } from "drizzle-orm";
import { automation, automationRun } from "../../db/schema/automations";
import { workflowLink } from "../../db/schema/connections";
import { conflict } from "../../lib/app-error";
import { recordHealth } from "./connection-health";
import { openConnector, requireConnection } from "./connection-row";
import { ConnectorError, type PlatformExecution } from "./connector";
import { clientSafeErrorLine } from "./n8n-mapping";
import { storeExecutions } from "./sync.service";
import type { TReconcileResponse } from "../../../shared/connections";
import type { ServiceContext } from "../../context/service-context";

const DAY_MS = 86_400_000;
const WINDOWS = [1, 30] as const;

type Link = typeof workflowLink.$inferSelect & { automationName: string };

/** The counts of one window: executions, runs, and what each side lacks. */
function windowOf(
  days: number,
  now: Date,
  executions: PlatformExecution[],
  runs: { externalId: string; startedAt: Date }[],
) {
  const from = now.getTime() - days * DAY_MS;
  const inWindow = executions.filter((execution) => execution.startedAt.getTime() >= from);
  const runsInWindow = runs.filter((run) => run.startedAt.getTime() >= from);
  const runIds = new Set(runsInWindow.map((run) => run.externalId));
  const executionIds = new Set(inWindow.map((execution) => execution.id));
  return {
    days,
    executions: inWindow.length,
    runs: runsInWindow.length,
    missingInCogwork: inWindow.filter((execution) => !runIds.has(execution.id)).length,
    missingInPlatform: runsInWindow.filter((run) => !executionIds.has(run.externalId)).length,
  };
}

const runsSince = (ctx: ServiceContext, automationId: string, from: Date) =>
  ctx.db
    .select({ externalId: automationRun.externalId, startedAt: automationRun.startedAt })
    .from(automationRun)
    .where(and(eq(automationRun.automationId, automationId), gte(automationRun.startedAt, from)));

function summaryOf(syncedNow: number, windows: ReturnType<typeof windowOf>[]): string {
  const month = windows[windows.length - 1]!;
  const parts = [];
  if (syncedNow > 0)
    parts.push(`${syncedNow} execution${syncedNow === 1 ? " was" : "s were"} never reported; synced now.`);
  if (month.missingInPlatform > 0)
    parts.push(`${month.missingInPlatform} run(s) in Cogwork are not among n8n's executions of the last 30 days.`);
  return parts.length > 0
    ? parts.join(" ")
    : "Every execution of the last 30 days is a run, and every run an execution.";
}

/** One linked automation: n8n's executions of 30 days against its runs; the missing ones are stored now. */
async function reconcileLink(ctx: ServiceContext, executions: PlatformExecution[], link: Link) {
  const from = new Date(ctx.now.getTime() - 30 * DAY_MS);
  const before = await runsSince(ctx, link.automationId, from);
  const windows = WINDOWS.map((days) => windowOf(days, ctx.now, executions, before));
  const known = new Set(before.map((run) => run.externalId));
  const missing = executions
    .filter((execution) => !known.has(execution.id))
    .map((execution) => ({
      ...execution,
      errorMessage: execution.status === "failed" ? clientSafeErrorLine(null, null) : null,
    }));
  const stored = missing.length > 0 ? await storeExecutions(ctx, link, missing) : { stored: 0, finished: 0 };
  const after = await runsSince(ctx, link.automationId, from);
  const counted = WINDOWS.map((days, i) => ({
    ...windowOf(days, ctx.now, executions, after),
    missingInCogwork: windows[i]!.missingInCogwork,
  }));
  return {
    automationId: link.automationId,
    automationName: link.automationName,
    workflowName: link.workflowName,
    syncedNow: stored.stored,
    windows: counted,
    summary: summaryOf(stored.stored, counted),
  };
}

/** Every linked automation of the connection, over the last 24 hours and 30 days. */
export async function reconcileConnection(
  ctx: ServiceContext,
  input: { companyId: string; connectionId: string },
): Promise<TReconcileResponse> {
  const row = await requireConnection(ctx, input);
  const links: Link[] = await ctx.db
    .select({ ...linkColumns(), automationName: automation.name })
    .from(workflowLink)
    .innerJoin(automation, eq(automation.id, workflowLink.automationId))
    .where(eq(workflowLink.connectionId, row.id));
  try {
    const connector = await openConnector(ctx, row);
    const automations = [];
    for (const link of links) {
      const executions = await connector.executionsBetween(
        link.workflowId,
        new Date(ctx.now.getTime() - 30 * DAY_MS),
        ctx.now,
      );
      automations.push(await reconcileLink(ctx, executions, link));
    }
    await recordHealth(ctx, row, null);
    return { automations };
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    await recordHealth(ctx, row, error);
    throw conflict(`n8n did not answer as expected: ${error.message}`, "connection_failing");
  }
}

const linkColumns = () => ({
  id: workflowLink.id,
  connectionId: workflowLink.connectionId,
  automationId: workflowLink.automationId,
  workflowId: workflowLink.workflowId,
  workflowName: workflowLink.workflowName,
  cursor: workflowLink.cursor,
  lastSyncedAt: workflowLink.lastSyncedAt,
  linkedBy: workflowLink.linkedBy,
  linkedAt: workflowLink.linkedAt,
});
