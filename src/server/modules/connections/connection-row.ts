import { and, count, eq, inArray } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { platformConnection, workflowLink } from "../../db/schema/connections";
import { notFound } from "../../lib/app-error";
import { outboundPolicyFor, type OutboundPolicy } from "../../lib/outbound-http";
import { openSecretWithAge, sealSecret } from "../../lib/secret-box";
import { n8nConnector } from "./n8n-connector";
import type { PlatformConnector } from "./connector";
import type { TConnection } from "../../../shared/connections";
import type { Config } from "../../config";
import type { ServiceContext } from "../../context/service-context";

export type ConnectionRow = typeof platformConnection.$inferSelect;

export const NO_CONNECTION = "There is no such connection.";

/** https and public addresses only in production (unless CONNECTIONS_ALLOW_PRIVATE_ADDRESSES); anything in development and tests. */
export const connectionPolicy = (config: Pick<Config, "NODE_ENV" | "CONNECTIONS_ALLOW_PRIVATE_ADDRESSES">) =>
  outboundPolicyFor(config.NODE_ENV, config.CONNECTIONS_ALLOW_PRIVATE_ADDRESSES);

/** The connector for an address and key (only n8n is built; the platform column picks it when there are more). */
export const connectorFor = (input: { baseUrl: string; apiKey: string; policy: OutboundPolicy }): PlatformConnector =>
  n8nConnector(input);

/** A company's connection (in the caller's scope), locked when asked; 404 otherwise. */
export async function requireConnection(
  ctx: ServiceContext,
  input: { companyId: string; connectionId: string },
  { lock = false } = {},
): Promise<ConnectionRow> {
  const query = ctx.db
    .select()
    .from(platformConnection)
    .where(
      and(
        eq(platformConnection.id, input.connectionId),
        eq(platformConnection.companyId, input.companyId),
        inScope(platformConnection.companyId, ctx.scope),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(NO_CONNECTION);
  return row;
}

/**
 * The connector of a stored connection; the key is opened here and nowhere else. A key sealed
 * with the previous CHANNEL_SECRET_KEY is sealed again with the current one.
 */
export async function openConnector(ctx: ServiceContext, row: ConnectionRow): Promise<PlatformConnector> {
  const { plain, old } = openSecretWithAge(ctx.app.config, row.apiKeySealed);
  if (old)
    await ctx.db
      .update(platformConnection)
      .set({ apiKeySealed: sealSecret(ctx.app.config, plain) })
      .where(and(eq(platformConnection.id, row.id), eq(platformConnection.apiKeySealed, row.apiKeySealed)));
  return connectorFor({ baseUrl: row.baseUrl, apiKey: plain, policy: connectionPolicy(ctx.app.config) });
}

/** How many workflows each connection feeds. */
export async function linkCounts(ctx: ServiceContext, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ connectionId: workflowLink.connectionId, links: count() })
    .from(workflowLink)
    .where(inArray(workflowLink.connectionId, ids))
    .groupBy(workflowLink.connectionId);
  return new Map(rows.map((row) => [row.connectionId, row.links]));
}

/** A connection as staff see it: never the key, only its last 4 characters. */
export const connectionView = (row: ConnectionRow, linkedWorkflows: number): TConnection => ({
  id: row.id,
  platform: row.platform,
  name: row.name,
  baseUrl: row.baseUrl,
  apiKeyLast4: row.apiKeyLast4,
  health: row.health,
  lastError: row.lastError,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  linkedWorkflows,
  createdAt: row.createdAt.toISOString(),
});
