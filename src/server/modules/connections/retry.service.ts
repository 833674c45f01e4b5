import { and, eq } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { automationRun } from "../../db/schema/automations";
import { executionRetry, platformConnection, workflowLink } from "../../db/schema/connections";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { recordHealth } from "./connection-health";
import { openConnector } from "./connection-row";
import { ConnectorError } from "./connector";
import { syncConnection } from "./sync.service";
import type { TRetryRunResponse } from "../../../shared/connections";
import type { ActorContext } from "../../context/service-context";

type RetryInput = { companyId: string; automationId: string; runId: string };

/** The failed run, its automation's link and connection; 404 or 409 with the reason otherwise. */
async function retryTarget(ctx: ActorContext, input: RetryInput) {
  const [found] = await ctx.db
    .select({ run: automationRun, link: workflowLink, connection: platformConnection })
    .from(automationRun)
    .innerJoin(workflowLink, eq(workflowLink.automationId, automationRun.automationId))
    .innerJoin(platformConnection, eq(platformConnection.id, workflowLink.connectionId))
    .where(
      and(
        eq(automationRun.id, input.runId),
        eq(automationRun.automationId, input.automationId),
        eq(automationRun.companyId, input.companyId),
        inScope(automationRun.companyId, ctx.scope),
      ),
    );
  if (!found) throw notFound("There is no such run of an automation linked to an n8n workflow.");
  if (found.run.status !== "failed") throw conflict("Only a failed run can be retried.", "not_failed");
  return found;
}

/**
 * "Retry in n8n": n8n runs the failed execution again; who asked is audited, and the new
 * execution becomes its own run, linked as a retry of the first, at the sync that follows at once.
 */
export async function retryRun(ctx: ActorContext, input: RetryInput): Promise<TRetryRunResponse> {
  const { run, link, connection } = await retryTarget(ctx, input);
  let newExecutionId: string;
  try {
    newExecutionId = await (await openConnector(ctx, connection)).retry(run.externalId);
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    await recordHealth(ctx, connection, error);
    throw conflict(`n8n did not retry the execution: ${error.message}`, "retry_refused");
  }
  await ctx.transaction(async (tx) => {
    await tx.db
      .insert(executionRetry)
      .values({
        linkId: link.id,
        automationId: link.automationId,
        retriedExecutionId: run.externalId,
        newExecutionId,
        requestedBy: tx.actor.id,
        requestedAt: tx.now,
      })
      .onConflictDoUpdate({
        target: [executionRetry.automationId, executionRetry.newExecutionId],
        set: { requestedBy: tx.actor.id },
      });
    await audit(tx, {
      action: "run.retried",
      companyId: input.companyId,
      objectType: "automation_run",
      objectId: run.id,
      summary: `Retried the failed n8n execution ${run.externalId} of ${link.workflowName}: new execution ${newExecutionId}`,
      after: { retriedExecutionId: run.externalId, newExecutionId },
    });
  });
  // Read the new execution at once; when a pass holds the connection (409), that pass or the next one reads it.
  await syncConnection(ctx, { companyId: input.companyId, connectionId: connection.id }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
  });
  return {
    retriedExecutionId: run.externalId,
    newExecutionId,
    message: `n8n started execution ${newExecutionId}; it appears as its own run, marked as a retry of this one.`,
  };
}
