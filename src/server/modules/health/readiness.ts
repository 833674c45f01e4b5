import { sql } from "drizzle-orm";
import { databaseTrouble, DATABASE_RETRY_AFTER_SECONDS } from "../../db/database-unavailable";
import { AppError } from "../../lib/app-error";
import type { TReadinessResponse } from "../../../shared/health";
import type { ServiceContext } from "../../context/service-context";

/** What decides, besides the database, whether this instance takes traffic. */
export interface Readiness {
  /** Set on SIGTERM: the instance finishes what it has and is given nothing new. */
  stopping: boolean;
  /** The newest migration this build carries (its journal time): ready once the database has it. */
  latestMigration: number;
}

const notReady = (message: string, reason: "stopping" | "database" | "migrations") =>
  new AppError("UNAVAILABLE", `Not ready: ${message}`, { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/**
 * For a proxy or an orchestrator: ready while not shutting down, the database answers and it
 * carries this build's migrations (another instance may have migrated further; never less).
 */
export async function checkReadiness(ctx: ServiceContext, readiness: Readiness): Promise<TReadinessResponse> {
  if (readiness.stopping) throw notReady("this instance is shutting down.", "stopping");
  let applied: boolean;
  try {
    // Both drivers answer { rows }; the migrator records each migration's journal time in created_at.
    const result = (await ctx.db.execute(
      sql`select exists (select 1 from drizzle.__drizzle_migrations where created_at >= ${readiness.latestMigration}) as applied`,
    )) as unknown as { rows: { applied: boolean }[] };
    applied = Boolean(result.rows[0]?.applied);
  } catch (error) {
    if (databaseTrouble(error)) throw notReady("the database cannot be reached.", "database");
    throw error;
  }
  if (!applied) throw notReady("the database lacks this version's migrations.", "migrations");
  return { ready: true, checks: { database: "reachable", migrations: "applied" } };
}
