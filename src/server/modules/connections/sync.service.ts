import { and, eq, isNull, lt, or } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import { executionRetry, platformConnection, workflowLink } from "../../db/schema/connections";
import { conflict } from "../../lib/app-error";
import { ingestPulledRuns } from "../ingest";
import { recordHealth } from "./connection-health";
import { openConnector, requireConnection, type ConnectionRow } from "./connection-row";
import { ConnectorError, type PlatformConnector, type PlatformExecution } from "./connector";
import type { TSyncSummary } from "../../../shared/connections";
import type { ServiceContext } from "../../context/service-context";
import type { ReportedRun } from "../ingest";

export const BACKFILL_DAYS = 30;
/** A pass holds its connection this long at most; a pass that died frees it for another instance then. */
const LEASE_MS = 5 * 60_000;
const RUNS_PER_INGEST = 500;

type LinkRow = typeof workflowLink.$inferSelect;

/** An execution as a reported run: `externalRunId` is the execution id, so a run the workflow also pushed counts once. */
export const runOf = (execution: PlatformExecution): ReportedRun => ({
  externalRunId: execution.id,
  status: execution.status,
  startedAt: execution.startedAt.toISOString(),
  finishedAt: execution.finishedAt?.toISOString() ?? null,
  itemsProcessed: 0,
  errorMessage: execution.errorMessage,
  runUrl: execution.url,
});

/** Stores executions as runs through the ingest module's front door (rollups, health, alerts). */
export async function storeExecutions(
  ctx: ServiceContext,
  link: Pick<LinkRow, "id" | "automationId">,
  executions: PlatformExecution[],
) {
  const [owner] = await ctx.db
    .select({ companyId: automation.companyId, status: automation.status })
    .from(automation)
    .where(eq(automation.id, link.automationId));
  const totals = { stored: 0, finished: 0 };
  if (!owner || owner.status === "retired") return totals;
  const ordered = [...executions].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (let i = 0; i < ordered.length; i += RUNS_PER_INGEST) {
    const batch = ordered.slice(i, i + RUNS_PER_INGEST);
    const result = await ingestPulledRuns(ctx, {
      automationId: link.automationId,
      companyId: owner.companyId,
      runs: batch.map(runOf),
    });
    totals.stored += result.accepted;
    totals.finished += result.finished;
  }
  const retries = executions.filter((execution) => execution.retryOf);
  if (retries.length > 0)
    await ctx.db
      .insert(executionRetry)
      .values(
        retries.map((execution) => ({
          linkId: link.id,
          automationId: link.automationId,
          retriedExecutionId: execution.retryOf!,
          newExecutionId: execution.id,
          requestedAt: execution.startedAt,
        })),
      )
      .onConflictDoNothing();
  return totals;
}

/** One link's new executions since its cursor (the 30-day backfill when it has none), stored, the cursor moved. */
async function syncLink(ctx: ServiceContext, connector: PlatformConnector, link: LinkRow) {
  const since = new Date(ctx.now.getTime() - BACKFILL_DAYS * 86_400_000);
  const page = await connector.executionsSince(link.workflowId, link.cursor, since);
  const totals = await storeExecutions(ctx, link, page.executions);
  await ctx.db
    .update(workflowLink)
    .set({ cursor: page.cursor, lastSyncedAt: ctx.now })
    .where(eq(workflowLink.id, link.id));
  return { read: page.executions.length, ...totals };
}

/** Syncs every link of a connection the caller holds the lease of; records its health. */
async function syncHeld(ctx: ServiceContext, row: ConnectionRow): Promise<TSyncSummary> {
  const summary: TSyncSummary = { health: "ok", message: "", executionsRead: 0, runsStored: 0, runsFinished: 0 };
  try {
    const connector = await openConnector(ctx, row);
    const links = await ctx.db.select().from(workflowLink).where(eq(workflowLink.connectionId, row.id));
    // Without links nothing is read, but the connection's health is still proven each pass.
    if (links.length === 0) await connector.listWorkflows();
    for (const link of links) {
      const done = await syncLink(ctx, connector, link);
      summary.executionsRead += done.read;
      summary.runsStored += done.stored;
      summary.runsFinished += done.finished;
    }
    await recordHealth(ctx, row, null);
    await ctx.db.update(platformConnection).set({ lastSyncedAt: ctx.now }).where(eq(platformConnection.id, row.id));
    summary.message = `Read ${summary.executionsRead} execution(s): ${summary.runsStored} new run(s), ${summary.runsFinished} finished.`;
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    await recordHealth(ctx, row, error);
    summary.health = error.health;
    summary.message = error.message;
  } finally {
    await ctx.db.update(platformConnection).set({ syncLeaseUntil: null }).where(eq(platformConnection.id, row.id));
  }
  return summary;
}

/** Claims a connection for one pass: a conditional update, so of several instances one syncs it. */
async function claim(ctx: ServiceContext, id: string): Promise<ConnectionRow | null> {
  const [row] = await ctx.db
    .update(platformConnection)
    .set({ syncLeaseUntil: new Date(ctx.now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(platformConnection.id, id),
        or(isNull(platformConnection.syncLeaseUntil), lt(platformConnection.syncLeaseUntil, ctx.now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The job's pass: every connection not held by another instance. Answers how many were synced. */
export async function syncAllConnections(ctx: ServiceContext): Promise<number> {
  const rows = await ctx.db.select({ id: platformConnection.id }).from(platformConnection);
  let synced = 0;
  for (const { id } of rows) {
    const row = await claim(ctx, id);
    if (!row) continue;
    await syncHeld(ctx, row);
    synced += 1;
  }
  return synced;
}

/** Staff's "Sync now": one connection, at once (409 while another pass holds it). */
export async function syncConnection(
  ctx: ServiceContext,
  input: { companyId: string; connectionId: string },
): Promise<TSyncSummary> {
  const known = await requireConnection(ctx, input);
  const row = await claim(ctx, known.id);
  if (!row) {
    throw conflict("A sync of this connection is already under way; try again in a minute.", "sync_running");
  }
  return syncHeld(ctx, row);
}
