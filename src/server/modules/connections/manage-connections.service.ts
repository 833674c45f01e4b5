import { and, asc, eq } from "drizzle-orm";
import { inScope, requireCompany } from "../../context/company-scope";
import { platformConnection } from "../../db/schema/connections";
import { AppError } from "../../lib/app-error";
import { refusedUrl } from "../../lib/outbound-http";
import { sealSecret } from "../../lib/secret-box";
import { audit } from "../audit";
import {
  connectionPolicy,
  connectionView,
  connectorFor,
  linkCounts,
  requireConnection,
  type ConnectionRow,
} from "./connection-row";
import { ConnectorError } from "./connector";
import type {
  TConnection,
  TCreateConnectionRequest,
  TListConnectionsResponse,
  TTestConnectionRequest,
  TTestConnectionResponse,
} from "../../../shared/connections";
import type { ActorContext, ServiceContext } from "../../context/service-context";

/** A company's connections, oldest first. */
export async function listConnections(
  ctx: ServiceContext,
  input: { companyId: string },
): Promise<TListConnectionsResponse> {
  await requireCompany(ctx.db, input.companyId);
  const rows = await ctx.db
    .select()
    .from(platformConnection)
    .where(and(eq(platformConnection.companyId, input.companyId), inScope(platformConnection.companyId, ctx.scope)))
    .orderBy(asc(platformConnection.createdAt));
  const counts = await linkCounts(
    ctx,
    rows.map((row) => row.id),
  );
  return { connections: rows.map((row) => connectionView(row, counts.get(row.id) ?? 0)) };
}

/** The address refused by the policy (https in production), as the form's field message. */
function checkedBaseUrl(ctx: ServiceContext, baseUrl: string): string {
  const refused = refusedUrl(baseUrl, connectionPolicy(ctx.app.config), "https://n8n.example.com");
  if (refused) throw new AppError("VALIDATION", refused, { fields: { baseUrl: refused } });
  return baseUrl.replace(/\/+$/, "");
}

/** Proves an address and key: the workflows are readable. Nothing is stored. */
export async function testConnection(
  ctx: ServiceContext,
  input: Required<Pick<TTestConnectionRequest, "baseUrl" | "apiKey">> & { companyId: string },
): Promise<TTestConnectionResponse> {
  await requireCompany(ctx.db, input.companyId);
  const baseUrl = checkedBaseUrl(ctx, input.baseUrl);
  const connector = connectorFor({ baseUrl, apiKey: input.apiKey, policy: connectionPolicy(ctx.app.config) });
  try {
    const workflows = await connector.listWorkflows();
    const noun = workflows.length === 1 ? "workflow" : "workflows";
    return {
      health: "ok",
      message: `Connected: ${workflows.length} ${noun} readable.`,
      workflowCount: workflows.length,
    };
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    return { health: error.health, message: error.message, workflowCount: null };
  }
}

/** Saves a connection once its test passed; the key is sealed, and only its last 4 characters kept in clear. */
export async function createConnection(
  ctx: ActorContext,
  input: Required<Omit<TCreateConnectionRequest, "platform">> & { companyId: string },
): Promise<TConnection> {
  const tested = await testConnection(ctx, input);
  if (tested.health !== "ok")
    throw new AppError("VALIDATION", `The connection did not work: ${tested.message}`, {
      fields: { [tested.health === "unauthorized" ? "apiKey" : "baseUrl"]: tested.message },
    });
  const { config } = ctx.app;
  const row = await ctx.transaction(async (tx) => {
    const target = await requireCompany(tx.db, input.companyId);
    const [created] = await tx.db
      .insert(platformConnection)
      .values({
        companyId: input.companyId,
        platform: "n8n",
        name: input.name,
        baseUrl: checkedBaseUrl(tx, input.baseUrl),
        apiKeySealed: sealSecret(config, input.apiKey),
        apiKeyLast4: input.apiKey.slice(-4),
        health: "ok",
        createdBy: tx.actor.id,
        createdAt: tx.now,
        updatedAt: tx.now,
      })
      .returning();
    await audit(tx, {
      action: "connection.created",
      companyId: input.companyId,
      objectType: "platform_connection",
      objectId: created!.id,
      summary: `Connected the n8n instance ${input.name} (${created!.baseUrl}) for ${target.name}`,
      after: { name: input.name, baseUrl: created!.baseUrl, apiKey: `…${created!.apiKeyLast4}` },
    });
    return created!;
  });
  return connectionView(row, 0);
}

/** Removes a connection and its links; the runs it read stay. */
export async function deleteConnection(
  ctx: ActorContext,
  input: { companyId: string; connectionId: string },
): Promise<{ deleted: true }> {
  await ctx.transaction(async (tx) => {
    const row: ConnectionRow = await requireConnection(tx, input, { lock: true });
    await tx.db.delete(platformConnection).where(eq(platformConnection.id, row.id));
    await audit(tx, {
      action: "connection.deleted",
      companyId: row.companyId,
      objectType: "platform_connection",
      objectId: row.id,
      summary: `Removed the n8n connection ${row.name} (${row.baseUrl}); the runs it read stay`,
    });
  });
  return { deleted: true };
}
