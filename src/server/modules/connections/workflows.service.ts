import { and, eq } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import { workflowLink } from "../../db/schema/connections";
import { conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { createAutomation, lockCompanyAutomation } from "../automations";
import { recordHealth } from "./connection-health";
import { openConnector, requireConnection } from "./connection-row";
import { ConnectorError } from "./connector";
import type { ZCreateAutomationRequest } from "../../../shared/automations";
import type { TListWorkflowsResponse, TWorkflowLink } from "../../../shared/connections";
import type { ActorContext, ServiceContext } from "../../context/service-context";
import type { z } from "zod";

type ConnectionInput = { companyId: string; connectionId: string };
type LinkRow = typeof workflowLink.$inferSelect;

const linkView = (row: LinkRow): TWorkflowLink => ({
  id: row.id,
  connectionId: row.connectionId,
  automationId: row.automationId,
  workflowId: row.workflowId,
  workflowName: row.workflowName,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
});

/** The platform's workflows, each with the automation it feeds, if any. A refused key or no answer is a 409 with n8n's reason. */
async function readWorkflows(ctx: ServiceContext, input: ConnectionInput) {
  const row = await requireConnection(ctx, input);
  try {
    const workflows = await (await openConnector(ctx, row)).listWorkflows();
    await recordHealth(ctx, row, null);
    return workflows;
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    await recordHealth(ctx, row, error);
    throw conflict(`n8n did not answer as expected: ${error.message}`, "connection_failing");
  }
}

export async function listWorkflows(ctx: ServiceContext, input: ConnectionInput): Promise<TListWorkflowsResponse> {
  const workflows = await readWorkflows(ctx, input);
  const links = await ctx.db
    .select({ link: workflowLink, automationName: automation.name })
    .from(workflowLink)
    .innerJoin(automation, eq(automation.id, workflowLink.automationId))
    .where(eq(workflowLink.connectionId, input.connectionId));
  const byWorkflow = new Map(links.map((entry) => [entry.link.workflowId, entry]));
  return {
    workflows: workflows.map((workflow) => {
      const linked = byWorkflow.get(workflow.id);
      return {
        ...workflow,
        link: linked
          ? {
              id: linked.link.id,
              automationId: linked.link.automationId,
              automationName: linked.automationName,
              lastSyncedAt: linked.link.lastSyncedAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
  };
}

type LinkInput = ConnectionInput & { workflowId: string } & (
    { automationId: string } | { newAutomation: z.output<typeof ZCreateAutomationRequest> }
  );

/**
 * Links a workflow to an automation of the same company, or to one created from it. Each
 * automation has at most one workflow and each workflow feeds one automation (409 otherwise).
 * The 30-day backfill runs at the next sync (or at once through "Sync now").
 */
export async function linkWorkflow(ctx: ActorContext, input: LinkInput): Promise<TWorkflowLink> {
  const workflows = await readWorkflows(ctx, input);
  const workflow = workflows.find((entry) => entry.id === input.workflowId);
  if (!workflow) throw notFound("This n8n instance has no such workflow.");
  return ctx.transaction(async (tx) => {
    const connection = await requireConnection(tx, input, { lock: true });
    const [taken] = await tx.db
      .select({ id: workflowLink.id })
      .from(workflowLink)
      .where(and(eq(workflowLink.connectionId, connection.id), eq(workflowLink.workflowId, workflow.id)));
    if (taken) throw conflict("This workflow already feeds another automation.", "workflow_linked");
    // Created in this transaction: a link refused leaves no automation behind.
    const automationId =
      "automationId" in input
        ? input.automationId
        : (await createAutomation(tx, { ...input.newAutomation, companyId: input.companyId })).id;
    const { row: auto, companyName } = await lockCompanyAutomation(tx.db, input.companyId, automationId);
    const [other] = await tx.db.select().from(workflowLink).where(eq(workflowLink.automationId, auto.id));
    if (other) throw conflict("This automation already has a linked workflow; unlink it first.", "already_linked");
    const [created] = await tx.db
      .insert(workflowLink)
      .values({
        connectionId: connection.id,
        automationId: auto.id,
        workflowId: workflow.id,
        workflowName: workflow.name,
        linkedBy: tx.actor.id,
        linkedAt: tx.now,
      })
      .returning();
    await audit(tx, {
      action: "connection.workflow_linked",
      companyId: input.companyId,
      objectType: "automation",
      objectId: auto.id,
      summary: `Linked the n8n workflow ${workflow.name} to ${auto.name} (${companyName})`,
      after: { workflowId: workflow.id, workflowName: workflow.name, connection: connection.name },
    });
    return linkView(created!);
  });
}

export async function unlinkWorkflow(
  ctx: ActorContext,
  input: ConnectionInput & { linkId: string },
): Promise<{ deleted: true }> {
  await ctx.transaction(async (tx) => {
    const connection = await requireConnection(tx, input, { lock: true });
    const [row] = await tx.db
      .delete(workflowLink)
      .where(and(eq(workflowLink.id, input.linkId), eq(workflowLink.connectionId, connection.id)))
      .returning();
    if (!row) throw notFound("There is no such link.");
    await audit(tx, {
      action: "connection.workflow_unlinked",
      companyId: input.companyId,
      objectType: "automation",
      objectId: row.automationId,
      summary: `Unlinked the n8n workflow ${row.workflowName}; its runs stay`,
    });
  });
  return { deleted: true };
}
