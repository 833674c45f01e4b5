import type { RunStatus } from "../../../shared/automations-labels";
import type { ConnectionHealth, ConnectionPlatform } from "../../../shared/connections-labels";

/**
 * What the portal needs from an automation platform (ADR 0034): its workflows, the executions of
 * one workflow after a cursor, and a retry. n8n implements it (`n8n-connector.ts`); Make's
 * scenarios and scenario logs (`GET /api/v2/scenarios/{id}/logs`, paged by `pg[from]`/`pg[to]`
 * timestamps) fit the same shape, its cursor being the last log's timestamp and id.
 */
export interface PlatformConnector {
  platform: ConnectionPlatform;
  /** Proves the key: the workflows are readable. */
  listWorkflows(): Promise<PlatformWorkflow[]>;
  /**
   * The workflow's executions the cursor has not seen (new ones, and ones still running when it
   * was written), started at or after `since`; and the cursor to pass next time. A null cursor
   * starts from `since` (the backfill).
   */
  executionsSince(workflowId: string, cursor: string | null, since: Date): Promise<ExecutionPage>;
  /** The executions started in a window, for reconciliation (ids and statuses; no error lines). */
  executionsBetween(workflowId: string, from: Date, to: Date): Promise<PlatformExecution[]>;
  /** Starts the execution again; answers the new execution's id. */
  retry(executionId: string): Promise<string>;
}

export interface PlatformWorkflow {
  id: string;
  name: string;
  active: boolean;
  tags: string[];
}

/** An execution as a run: status mapped, times in UTC, an error line a client may read. */
export interface PlatformExecution {
  id: string;
  workflowId: string;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  errorMessage: string | null;
  /** The execution this one retried, when it is a retry. */
  retryOf: string | null;
  /** Where staff open it in the platform. */
  url: string;
}

export interface ExecutionPage {
  executions: PlatformExecution[];
  cursor: string;
}

/** A call that did not work, said as the connection's health. */
export class ConnectorError extends Error {
  constructor(
    readonly health: Exclude<ConnectionHealth, "ok">,
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}
